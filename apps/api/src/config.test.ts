import { describe, expect, it } from 'vitest';
import { apiConfigFromEnv, ConfigError, parseTrustProxy, readEnv } from './config.ts';

describe('environment', () => {
  it('has working defaults', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      PORT: 3000,
      DATA_DIR: './data',
      RATE_LIMIT_MAX: 600,
      SEED: true,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads who reaches /metrics and /docs: nobody extra by default, a token, an internal port, an opt-in', () => {
    expect(apiConfigFromEnv(readEnv({})).ops).toEqual({ public: false, token: undefined, internal: undefined });
    const token = 'a-metrics-token-of-24-chars+';
    expect(apiConfigFromEnv(readEnv({ METRICS_TOKEN: token, INTERNAL_PORT: '9100', PUBLIC_OPS: 'true' })).ops).toEqual({
      public: true,
      token,
      internal: { port: 9100, host: '127.0.0.1' },
    });
    expect(() => readEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 24 characters/);
  });

  it('fails fast naming every bad variable', () => {
    let error: unknown;
    try {
      readEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', MARKETING_SITE_URL: 'not a url' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must be a postgres:// connection string');
    expect(message).toContain('MARKETING_SITE_URL');
  });

  it('reads TRUST_PROXY as Fastify takes it', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('uniquelocal')).toEqual(['uniquelocal']);
    expect(parseTrustProxy('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
    expect(apiConfigFromEnv(readEnv({ TRUST_PROXY: 'loopback' })).trustProxy).toEqual(['loopback']);
    // A hop count: Fastify 5.12 trusts nobody for one, so every visitor would have the proxy's address. Refused.
    expect(() => readEnv({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count trusts nobody/);
  });

  it('trusts the forwarded address only from a listed proxy, in the HTTP layer every route runs in', async () => {
    const { httpLayer } = await import('./plugins/http.ts');
    const ask = async (TRUST_PROXY?: string) => {
      const app = await httpLayer(apiConfigFromEnv(readEnv(TRUST_PROXY ? { TRUST_PROXY } : {})), false);
      app.get('/whoami', (request) => ({ ip: request.ip, protocol: request.protocol }));
      const response = await app.inject({
        url: '/whoami',
        remoteAddress: '172.18.0.5',
        headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
      });
      await app.close();
      return response.json();
    };
    expect(await ask('uniquelocal')).toEqual({ ip: '203.0.113.9', protocol: 'https' });
    expect(await ask('10.0.0.0/8')).toEqual({ ip: '172.18.0.5', protocol: 'http' });
    expect(await ask()).toEqual({ ip: '172.18.0.5', protocol: 'http' });
  });

  it('has no dev mailbox and generates no key file in production; the demo keeps both (decision 026)', () => {
    const production = apiConfigFromEnv(readEnv({ DEV_MAILBOX: 'true' }));
    expect(production).toMatchObject({ demo: false, devMailbox: 'off' });
    expect(production.whistleblowing?.keyFile).toBeUndefined();
    const demo = apiConfigFromEnv(readEnv({ DEMO: '1' }));
    expect(demo).toMatchObject({ demo: true, devMailbox: 'local' });
    expect(demo.whistleblowing?.keyFile).toBe('data/whistleblowing.key');
    expect(apiConfigFromEnv(readEnv({ DEMO: '1', DEV_MAILBOX: 'off' })).devMailbox).toBe('off');
  });
});
