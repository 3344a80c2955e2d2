import type { ApiConfig } from '../src/config.ts';

/** The API's configuration in tests (no vitest import: child processes of tests use it too). */
export const testConfig: ApiConfig = {
  env: 'test',
  demo: true,
  logLevel: 'silent',
  marketingSiteUrl: 'https://marketing.example',
  trustProxy: ['loopback'],
  rateLimitMax: 10_000,
  publicUrl: 'http://shop.test',
  mailFrom: 'Test <test@shop.test>',
  devMailbox: 'local',
  whitelistEmails: ['insider@starkfuture.com'],
};
