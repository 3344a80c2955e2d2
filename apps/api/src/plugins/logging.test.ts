import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedGeo, testConfig, testDatabase } from '../../test/helper.ts';
import { buildApi } from '../app.ts';
import { loggedUrl, networkOf } from './logging.ts';

// Issue 23 item 5: every answer and log line carries the request's id, and no log line holds a person's data.

describe('what a log line may hold', () => {
  it('keeps the network of an address, not the address', () => {
    expect(networkOf('198.51.100.23')).toBe('198.51.100.0');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0');
    expect(networkOf('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(networkOf('not-an-address')).toBe('[redacted]');
  });

  it('redacts private query values and keeps the rest', () => {
    expect(loggedUrl('/v1/user/exists?email=ada%40example.com&lang=de')).toBe(
      '/v1/user/exists?email=[redacted]&lang=de',
    );
    expect(loggedUrl('/v1/admin/orders?q=Lovelace&page=2&status=paid')).toBe(
      '/v1/admin/orders?q=[redacted]&page=2&status=paid',
    );
    expect(loggedUrl('/v1/country')).toBe('/v1/country');
  });
});

describe('request ids and redaction on the running API', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await testDatabase();
    app = await buildApi({
      config: testConfig,
      database,
      geo: fixedGeo({}),
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _encoding, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
    });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  }, 120_000);
  afterAll(() => close?.());
  const logOf = (id: string) =>
    lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reqId === id);

  it('keeps a caller’s id: in the answer header, the error body and every log line of the request', async () => {
    const res = await app.inject({
      url: '/v1/no-such-call?email=ada%40example.com',
      headers: { 'x-request-id': 'edge-7f3a.91' },
      remoteAddress: '198.51.100.23',
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('edge-7f3a.91');
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', requestId: 'edge-7f3a.91' });
    const log = logOf('edge-7f3a.91');
    expect(log.length).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(log);
    expect(text).toContain('198.51.100.0');
    expect(text).not.toContain('198.51.100.23');
    expect(text).not.toContain('ada%40example.com');
    expect(text).not.toContain('ada@example.com');
  });

  it('makes a new id when none or a malformed one is given, different for each request', async () => {
    const ids = [];
    for (const headers of [{}, { 'x-request-id': '<script>alert(1)</script>' }, { 'x-request-id': 'x'.repeat(200) }]) {
      const res = await app.inject({ url: '/health', headers });
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(3);
  });

  it('logs no e-mail address, password or token a request sends', async () => {
    await app.inject({
      method: 'POST',
      url: '/v1/user/sign-in',
      headers: { 'x-request-id': 'sign-in-1', authorization: 'Bearer secret-token-value' },
      payload: { email: 'grace@example.com', password: 'hopper-1906-secret' },
    });
    const text = JSON.stringify(logOf('sign-in-1'));
    expect(text).toContain('/v1/user/sign-in');
    for (const secret of ['grace@example.com', 'hopper-1906-secret', 'secret-token-value'])
      expect(text).not.toContain(secret);
  });
});
