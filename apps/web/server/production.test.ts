import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishLegalDocument } from '@varg/api';
import { DEMO_PASSWORD, PEOPLE, sampleLegalDocuments, stockBikes, users } from '@varg/db';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStart, createServer, type Server, webRoot } from './app.ts';

// Decision 026, the operator's view: the server started in production mode with the defaults refuses to start and
// names every setting it misses; with complete settings it starts with no demo account, no demo data, no dev route
// and no demo ribbon.

const entry = join(webRoot, 'server', 'index.ts');

/** Runs the real entry with exactly this environment; answers its exit code and what it printed. */
function run(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'varg-production-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('production start with the defaults', () => {
  it('refuses, naming every missing setting in one message', async () => {
    const { code, output } = await run({ DATA_DIR: join(dataDir, 'defaults'), LOG_LEVEL: 'silent' });
    expect(code).toBe(1);
    expect(output).toMatch(/^Refusing to start in production: \d+ settings to fix/);
    for (const name of [
      'JWT_SECRET',
      'WHISTLEBLOWING_KEY',
      'PUBLIC_URL',
      'DATABASE_URL',
      'SMTP_URL',
      'RECAPTCHA_SITE_KEY',
      'RECAPTCHA_PROJECT_ID',
      'RECAPTCHA_API_KEY',
      'PAYMENT_PROVIDER',
      'BANK_TRANSFER_IBAN',
    ])
      expect(output).toMatch(new RegExp(`^ {2}- [A-Z_, ]*\\b${name}\\b[A-Z_, ]*: `, 'm'));
    expect(output).not.toContain('Listening');
  }, 60_000);

  it('refuses TRUST_PROXY=true and a dev mailbox along with a malformed variable, all in the same message', async () => {
    const { code, output } = await run({
      DATA_DIR: join(dataDir, 'malformed'),
      TRUST_PROXY: 'true',
      DEV_MAILBOX: 'true',
      JWT_SECRET: 'short',
      LOG_LEVEL: 'silent',
    });
    expect(code).toBe(1);
    expect(output).toContain('JWT_SECRET: must be at least 32 characters');
    expect(output).toContain('TRUST_PROXY: true trusts any X-Forwarded-For');
    expect(output).toContain('DEV_MAILBOX:');
    expect(output).toContain('SMTP_URL:');
  }, 60_000);
});

/** Every setting production needs; PGlite by the explicit opt-in; fake keys of the right shapes (not called at start). */
const COMPLETE = {
  NODE_ENV: 'production',
  DATA_DIR: join(dataDir, 'complete'),
  ALLOW_EMBEDDED_DATABASE: '1',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'q3Vt8xY1mN0pL7sK2dF9gH4jR6wE5zC8bA1uI0oP',
  WHISTLEBLOWING_KEY: 'kW4u9bS1Q2rT3yU4iO5pA6sD7fG8hJ9kL0zX1cV2bN0=',
  PUBLIC_URL: 'https://shop.example.com',
  TRUST_PROXY: 'loopback',
  SMTP_URL: 'smtp://127.0.0.1:9',
  RECAPTCHA_SITE_KEY: '6LcSiteKey',
  RECAPTCHA_PROJECT_ID: 'shop-prod',
  RECAPTCHA_API_KEY: 'AIzaApiKey',
  BANK_TRANSFER_IBAN: 'DE89370400440532013000',
  BANK_TRANSFER_BIC: 'COBADEFFXXX',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_51FakeKeyForTheStartTest',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51FakeKeyForTheStartTest',
  STRIPE_WEBHOOK_SECRET: 'whsec_7Hq2Lm9Xc4Vb8Nz1Kd6Fg3Sj0Pw5Rt',
};

describe('production start with complete settings', () => {
  let server: Server;
  let closeVite: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    // A fresh database holds the seed's sample legal texts: refused until the legal entity publishes its own.
    const first = await checkStart(COMPLETE);
    expect(first.problems).toHaveLength(1);
    expect(first.problems[0]).toMatch(
      /^legal documents: 5 still the seeded sample text \(.*imprint \* en-us.*\); .*npm run legal:publish/,
    );
    if (!first.database) throw new Error('no database');
    for (const sample of await sampleLegalDocuments(first.database)) {
      const [kind = '', country = '', lang = ''] = sample.split(' ');
      await publishLegalDocument(first.database.db, { kind, country, lang, text: `# Example Motors ${kind}\n\nText.` });
    }
    await first.database.close();
    const checked = await checkStart(COMPLETE);
    expect(checked.problems).toEqual([]);
    if (!checked.env || !checked.database) throw new Error('no environment or database');
    // The pages through Vite (no build needed); the server is the production one in every other respect.
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      root: webRoot,
      logLevel: 'silent',
      server: { middlewareMode: true, hmr: false, ws: false },
      appType: 'custom',
    });
    closeVite = () => vite.close();
    server = await createServer({
      env: checked.env,
      database: checked.database,
      logger: false,
      build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    });
    await server.app.ready();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await server?.database.close();
    await closeVite?.();
  });

  it('holds reference data and no demo account, order or stock', async () => {
    const { db } = server.database;
    expect(await db.select().from(users)).toEqual([]);
    expect(await db.select().from(stockBikes)).toEqual([]);
    const countries = await server.app.inject('/v1/country?status=1&limit=300');
    expect(countries.json().docs.length).toBeGreaterThan(30);
    for (const email of ['admin@demo.starkfuture.com', PEOPLE[0]?.email ?? '']) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/v1/user/sign-in',
        remoteAddress: '198.51.100.200',
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(401);
    }
  });

  it('answers 404 on every dev route, from this machine and through a forged X-Forwarded-For', async () => {
    for (const from of [
      { remoteAddress: '127.0.0.1', headers: {} },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } },
    ]) {
      for (const url of ['/v1/dev/mailbox', '/v1/dev/mailbox?to=ops@example.com'])
        expect((await server.app.inject({ url, ...from })).statusCode).toBe(404);
      for (const url of ['/v1/dev/payments/00000000-0000-4000-8000-000000000001/settle', '/v1/dev/auction/end/7'])
        expect((await server.app.inject({ method: 'POST', url, payload: {}, ...from })).statusCode).toBe(404);
      const page = await server.app.inject({ url: '/en-US/dev/mailbox', ...from });
      expect(page.statusCode).toBe(404);
    }
  }, 60_000);

  it('shows no demo ribbon', async () => {
    const page = await server.app.inject({ url: '/en-US', remoteAddress: '198.51.100.201' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en-US"');
    expect(page.body).not.toContain('data-demo-ribbon');
    expect(page.body).not.toContain('aria-label="Demo shop"');
  }, 60_000);
});
