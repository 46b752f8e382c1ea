import Bowser from 'bowser';

/** A browser and its system as people name them: "Chrome 131", "Windows 10". */
export interface UserAgentNames {
  browser: string | null;
  system: string | null;
}

const major = (version: string | undefined) => version?.split('.')[0] ?? '';
const majorMinor = (version: string | undefined) =>
  (version ?? '').split('.').slice(0, 2).join('.');

function systemName(os: Bowser.Parser.OSDetails): string | null {
  if (!os.name) return null;
  switch (os.name) {
    // "NT 10.0" is what the browser sends; people know it as Windows 10 (or 11, which sends the same).
    case 'Windows':
      return os.versionName ? `Windows ${os.versionName}` : 'Windows';
    // Browsers freeze macOS at 10.15.7, so a version would mislead.
    case 'macOS':
    case 'Linux':
    case 'Chrome OS':
      return os.name;
    case 'iOS':
      return os.version ? `iOS ${majorMinor(os.version)}` : 'iOS';
    default:
      return os.version ? `${os.name} ${major(os.version)}` : os.name;
  }
}

/**
 * The browser and system of a user-agent header, through bowser (MIT), for the sign-in history
 * (issue 24: names, not raw strings). A header no parser knows (curl, a script) gives nulls.
 */
export function userAgentNames(userAgent: string | null | undefined): UserAgentNames {
  if (!userAgent?.trim()) return { browser: null, system: null };
  const parsed = Bowser.parse(userAgent);
  const browserMajor = major(parsed.browser.version);
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${browserMajor ? ` ${browserMajor}` : ''}`
    : null;
  return { browser, system: systemName(parsed.os) };
}
