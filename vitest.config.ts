import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/web/app/**/*.test.{ts,tsx}',
      'apps/web/server/**/*.test.ts',
      'docs/**/*.test.ts',
      'deploy/**/*.test.ts',
    ],
    // One migrated, seeded database per run, copied for each test file (apps/api/test/template.ts).
    globalSetup: ['apps/api/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // Files share a worker's loaded modules instead of each importing the API, the web app and their libraries again
    // (~2–4 s per file, 200 files): 671 s → ~210 s for the whole run on 2 cores. Each file still has its own
    // database, app instance and servers; nothing may be left in a module's state by a test (a schema with an
    // OpenAPI id is built once, at module level; pages loaded from a build or through Vite keep the API's ids,
    // apps/web/server/app.ts keepApiSchemaIds).
    isolate: false,
  },
});
