import { defineConfig } from 'vitest/config';

/**
 * Test files that replace a module (vi.mock): they run each in a fresh module registry. Every
 * other server file shares its worker's registry with the files before it (isolate: false):
 * importing the server's modules anew for each of 160 files cost more than the tests
 * themselves (docs/testing.md).
 */
const MOCKING_SERVER_FILES = [
  'apps/server/src/modules/tables/import-updates.int.test.ts',
  'apps/server/src/modules/capture/einvoice/einvoice-security.test.ts',
];

const server = {
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// One runner for every Node-only test: packages, server (PGlite, or PostgreSQL when
// DATABASE_URL is set) and web components (happy-dom).
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; many server tests wait on child
    // processes, sockets and timers, so two keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: MOCKING_SERVER_FILES,
          isolate: false,
          ...server,
        },
      },
      {
        test: {
          name: 'server-isolated',
          include: MOCKING_SERVER_FILES,
          ...server,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
