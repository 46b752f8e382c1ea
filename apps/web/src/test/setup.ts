import { configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetApiContext } from '../api/context';

// findBy and waitFor wait up to 5 s, not 1 s: on two cores busy with other suites (CI runs the
// server and web projects side by side) a grid's first rows can take longer than a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  window.localStorage.clear();
  resetApiContext();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
