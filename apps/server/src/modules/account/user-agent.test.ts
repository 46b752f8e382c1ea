import { describe, expect, it } from 'vitest';
import { userAgentNames } from './user-agent';

// Real user-agent headers of current browsers.
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const EDGE_WINDOWS = `${CHROME_WINDOWS} Edg/131.0.0.0`;
const CHROME_WINDOWS_7 =
  'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36';

describe('userAgentNames (issue 24: the sign-in history names browsers and systems)', () => {
  it.each([
    [CHROME_WINDOWS, 'Chrome 131', 'Windows 10'],
    [EDGE_WINDOWS, 'Microsoft Edge 131', 'Windows 10'],
    [CHROME_WINDOWS_7, 'Chrome 109', 'Windows 7'],
    [SAFARI_MAC, 'Safari 17', 'macOS'],
    [FIREFOX_LINUX, 'Firefox 133', 'Linux'],
    [SAFARI_IPHONE, 'Safari 17', 'iOS 17.1'],
    [CHROME_ANDROID, 'Chrome 131', 'Android 14'],
  ])('names %s', (header, browser, system) => {
    expect(userAgentNames(header)).toEqual({ browser, system });
  });

  it('gives nulls for no header and for a client that is not a browser', () => {
    expect(userAgentNames(null)).toEqual({ browser: null, system: null });
    expect(userAgentNames('  ')).toEqual({ browser: null, system: null });
    expect(userAgentNames('curl/8.5.0')).toEqual({ browser: null, system: null });
  });
});
