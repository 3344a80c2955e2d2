import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The files that load the web app's pages through a Vite dev server (ssrLoadModule). Vite's module runner holds a
 * second copy of the shared packages beside the test's own, and their schemas register their OpenAPI ids a second
 * time in zod's one registry: such a file gets a process of its own.
 */
const THROUGH_VITE = [
  'apps/web/server/telemetry.test.ts',
  'apps/web/server/messages-asset.test.ts',
  'apps/web/server/privacy.test.ts',
  'apps/web/server/production.test.ts',
  'apps/api/src/modules/payments/production.test.ts',
];

export default defineConfig({
  test: {
    // One migrated, seeded database per run, copied for each test file (apps/api/test/template.ts).
    globalSetup: ['apps/api/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'apps/web/app/**/*.test.{ts,tsx}',
            'apps/web/server/**/*.test.ts',
            'docs/**/*.test.ts',
            'deploy/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...THROUGH_VITE],
          // Files share a worker's loaded modules instead of each importing the API, the web app and their
          // libraries again (~2–4 s per file, 200 files): 671 s → ~220 s for the whole run on 2 cores. Each file
          // still has its own database, app instance and servers; nothing may be left in a module's state by a test.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'through-vite', include: THROUGH_VITE } },
    ],
  },
});
