import type { AddressInfo } from 'node:net';
import { type Database, outbox } from '@varg/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedGeo, testConfig, testDatabase } from '../../test/helper.ts';
import { type ApiConfig, buildApi } from '../app.ts';

// `/metrics` and `/docs` (decision 029): everyone's in the demo; in production not on the public port unless a bearer
// token, an internal listener or an explicit opt-in says so.

let database: Database;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

async function api(config: Partial<ApiConfig>) {
  const app = await buildApi({ config: { ...testConfig, ...config }, database, geo: fixedGeo({}), logger: false });
  apps.push(app);
  await app.ready();
  return app;
}

const OPS = ['/metrics', '/docs', '/docs/json', '/docs/static/index.html'];
const TOKEN = 'metrics-token-0123456789abcdef';

describe('operators’ routes', () => {
  it('are public in the demo', async () => {
    const app = await api({ demo: true });
    const first = await app.inject('/metrics');
    expect(first.statusCode).toBe(200);
    const deadBefore = Number(/^shop_outbox_messages\{state="dead"\} (\d+)$/m.exec(first.body)?.[1] ?? 0);
    // The shop's own figures (issue 23), read from the database at each scrape: the demo's orders and bids.
    await database.db.insert(outbox).values({
      to: 'ops@example.com',
      subject: 'Dead letter',
      text: '.',
      html: '.',
      lang: 'en-us',
      attempts: 6,
      deadAt: new Date(),
    });
    const metrics = (await app.inject('/metrics')).body;
    const value = (pattern: RegExp) => Number(pattern.exec(metrics)?.[1] ?? Number.NaN);
    expect(value(/^shop_orders\{status="paid"\} (\d+)$/m)).toBeGreaterThan(0);
    expect(value(/^shop_payments\{status="SUCCEEDED"\} (\d+)$/m)).toBeGreaterThan(0);
    // The demo seeds dead e-mails of its own (decision 065): one more.
    expect(value(/^shop_outbox_messages\{state="dead"\} (\d+)$/m)).toBe(deadBefore + 1);
    expect(value(/^shop_auction_bids (\d+)$/m)).toBeGreaterThan(0);
    expect((await app.inject('/docs/json')).json().openapi).toMatch(/^3\./);
  });

  it('are not on the public port in production by default; health and readiness stay', async () => {
    const app = await api({ demo: false });
    for (const url of OPS) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
      expect((await app.inject({ method: 'HEAD', url })).statusCode, `HEAD ${url}`).toBe(404);
    }
    expect((await app.inject('/docs/yaml')).statusCode).toBe(404);
    expect((await app.inject('/DOCS/json')).statusCode).toBe(404);
    expect((await app.inject('/docs/json/')).statusCode).toBe(404);
    expect((await app.inject('/health')).statusCode).toBe(200);
    expect((await app.inject('/ready')).statusCode).toBe(200);
    // A made-up relay header does not open them.
    const forged = await app.inject({ url: '/metrics', headers: { 'x-internal-relay': 'guess' } });
    expect(forged.statusCode).toBe(404);
  });

  it('open to the bearer of METRICS_TOKEN in production', async () => {
    const app = await api({ demo: false, ops: { public: false, token: TOKEN } });
    expect((await app.inject('/metrics')).statusCode).toBe(404);
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const right = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_request_duration_seconds');
    const docs = await app.inject({ url: '/docs/json', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(docs.json().openapi).toMatch(/^3\./);
  });

  it('open to everyone in production only when PUBLIC_OPS says so', async () => {
    const app = await api({ demo: false, ops: { public: true } });
    expect((await app.inject('/metrics')).statusCode).toBe(200);
  });

  it('are served on the internal listener (INTERNAL_PORT), which serves nothing else', async () => {
    const app = await api({ demo: false, ops: { public: false, internal: { port: 0, host: '127.0.0.1' } } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const publicPort = (app.server.address() as AddressInfo).port;
    expect(app.internalServer).toBeDefined();
    const internalPort = (app.internalServer?.server.address() as AddressInfo | null)?.port ?? 0;
    expect(internalPort).toBeGreaterThan(0);
    expect(internalPort).not.toBe(publicPort);
    const inside = (path: string) => fetch(`http://127.0.0.1:${internalPort}${path}`);
    const outside = (path: string) => fetch(`http://127.0.0.1:${publicPort}${path}`);

    const metrics = await inside('/metrics');
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_request_duration_seconds');
    expect((await (await inside('/docs/json')).json()).openapi).toMatch(/^3\./);
    expect((await inside('/docs')).status).toBeLessThan(400);
    expect((await inside('/v1/language')).status).toBe(404);
    expect((await outside('/metrics')).status).toBe(404);
    expect((await outside('/docs/json')).status).toBe(404);
    expect((await outside('/v1/language')).status).toBe(200);
  });
});
