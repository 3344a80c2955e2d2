import { describe, expect, it } from 'vitest';
import { useApi } from '../../test/helper.ts';

const ctx = useApi({ config: { rateLimitMax: 3 } });

describe('API rate limit', () => {
  it('answers 429 in the error envelope once an IP has used its budget, and leaves other IPs alone', async () => {
    const from = (ip: string) =>
      ctx.app.inject({ url: '/v1/language/de', remoteAddress: ip, headers: { 'accept-language': 'fr' } });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.9')).statusCode).toBe(200);
    const limited = await from('203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', t_key: 'error_rate_limited' });
    expect(limited.json().message).not.toMatch(/Too many requests/);
    expect((await from('203.0.113.10')).statusCode).toBe(200);
  });

  it('does not count pages and health checks', async () => {
    for (let i = 0; i < 5; i++)
      expect((await ctx.app.inject({ url: '/health', remoteAddress: '203.0.113.11' })).statusCode).toBe(200);
  });
});
