import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const MARKETING = 'https://marketing.example';

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  // Two cores run Chromium, the server and the embedded database at once in CI.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: await chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node apps/web/server/index.ts',
    url: `http://127.0.0.1:${PORT}/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'varg-e2e-')),
      MARKETING_SITE_URL: MARKETING,
      // The tests play visitors from other countries through X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    },
  },
});
