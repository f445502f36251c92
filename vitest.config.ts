import { defineConfig } from 'vitest/config';

// Three projects: fast unit tests, API tests (run once per database driver, TEST_DB=pglite|pg),
// and browser tests driving Debian's chromium against a built server.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/server/src/**/*.unit.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          environment: 'node',
          // Migrates and seeds one database per run that the test files clone (createTestApp).
          globalSetup: ['apps/server/src/test/db-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite is WASM and memory-hungry; two workers fit the 2-core machine.
          maxWorkers: 2,
          // A worker imports the server once for all its files instead of once per file (~3 s of CPU
          // each, 101 files per database). Every file builds its own app on its own database clone; what
          // is process-wide (the data-rule registry, counters of test data) tolerates it, and a file that
          // registers a probe resource forgets it in afterAll.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          // Seeds one data directory per run that each file's server starts from a copy of.
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // One file at a time: two at once on the 2-core machine took 110–190 s a file (each starts its
          // own server beside the other's chromium) against ~17 s one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
