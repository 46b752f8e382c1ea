/**
 * Paths that carry an invitation link's secret through signing in or registering (issue 24).
 * The secret rides only in the app's own URLs: it is not stored in the browser, and the
 * server logs route patterns, never paths.
 */
export const invitationPath = (code: string) => `/account/invitation/${encodeURIComponent(code)}`;

/** Where a newcomer registers from an invitation link. */
export const registerFromInvitation = (code: string) =>
  `/account/newuser?${new URLSearchParams({ invitation: code }).toString()}`;

/** The invitation link's secret of a return path, if it is one. */
export function invitationOf(returnUrl: string | null): string | undefined {
  const code = /^\/account\/invitation\/([^/?#]+)$/.exec(returnUrl ?? '')?.[1];
  return code === undefined ? undefined : decodeURIComponent(code);
}
