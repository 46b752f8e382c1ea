import { describe, expect, it } from 'vitest';
import { PRIMARY_COLOR_DEVELOPMENT, PRIMARY_COLOR_PRODUCTION } from './constants';
import { createAppTheme, isDevelopmentHost } from './theme';

describe('primary colour (spec §9)', () => {
  it('is orange on development hosts', () => {
    for (const host of ['localhost', '127.0.0.1', 'listina.local', 'LAPTOP.LOCAL']) {
      expect(isDevelopmentHost(host)).toBe(true);
    }
    expect(createAppTheme('localhost').palette.primary.main).toBe(PRIMARY_COLOR_DEVELOPMENT);
  });

  it('is blue elsewhere', () => {
    for (const host of ['listina.example.com', 'local.example.com', '10.0.0.5']) {
      expect(isDevelopmentHost(host)).toBe(false);
    }
    expect(createAppTheme('app.listina.si').palette.primary.main).toBe(PRIMARY_COLOR_PRODUCTION);
  });
});
