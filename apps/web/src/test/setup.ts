import { afterEach, vi } from 'vitest';
import { resetApiContext } from '../api/context';

afterEach(() => {
  window.localStorage.clear();
  resetApiContext();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
