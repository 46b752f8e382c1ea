/**
 * What every request needs from the running app (spec §7 headers, the 401 rule of spec §8).
 * The session and i18n providers update it synchronously whenever their state changes, so a
 * request never goes out with a stale apikey, organisation or language.
 */
export interface ApiContext {
  apikey: string | null;
  organizationId: string | null;
  locale: string;
  /** Called when any call other than login answers 401. */
  onUnauthorized: (() => void) | null;
}

const INITIAL: ApiContext = {
  apikey: null,
  organizationId: null,
  locale: 'en-gb',
  onUnauthorized: null,
};

const context: ApiContext = { ...INITIAL };

export function setApiContext(patch: Partial<ApiContext>): void {
  Object.assign(context, patch);
}

export function getApiContext(): Readonly<ApiContext> {
  return context;
}

/** For tests: forget everything set by an earlier render. */
export function resetApiContext(): void {
  Object.assign(context, INITIAL);
}
