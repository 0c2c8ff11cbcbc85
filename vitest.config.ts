import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // API suites boot their own PGlite each; keep 2 cores busy without thrashing
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 60_000,
          // files share a worker's module cache (each file still gets its own apps, databases and
          // temporary directory): the modules are imported once per worker instead of once per file,
          // which took a third of the suite's time; a file must leave no global state behind
          // (timers, process.env, stubs: temp-guard.ts restores TMPDIR)
          isolate: false,
          hookTimeout: 120_000,
          // the OpenAPI contract check of all answers of the API suite (src/test/contract/); the
          // migrated PGlite every in-memory test database starts from (src/test/pglite-snapshot.ts)
          globalSetup: ['src/test/contract/global-setup.ts', 'src/test/pglite-snapshot.ts'],
          // every test file gets a temporary directory of its own and fails when it leaves an
          // elearn-* entry there (src/test/temp-guard.ts)
          setupFiles: ['src/test/temp-guard.ts'],
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
