import { describe, expect, it } from 'vitest';
import { fixedGeo, useApi } from '../../../test/helper.ts';

const ctx = useApi({ geo: fixedGeo({ '85.214.132.117': 'DE', '1.2.3.4': 'JP', '8.8.4.4': 'US' }) });

describe('GET /v1/country', () => {
  it('lists active countries sorted by name, as the storefront asks', async () => {
    const res = await ctx.app.inject('/v1/country?status=1&limit=300&sort=name');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const names = body.docs.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(body.docs.every((c: { status: number }) => c.status === 1)).toBe(true);
    expect(body.totalDocs).toBe(body.docs.length);
    const codes = body.docs.map((c: { code: string }) => c.code);
    for (const code of ['DE', 'FR', 'GB', 'NO', 'CH', 'TR', 'US', 'CA', 'MX', 'BR', 'AR', 'AU', 'NZ', 'ZA']) {
      expect(codes).toContain(code);
    }
    expect(codes).not.toContain('JP');
    expect(res.headers['cache-control']).toMatch(/public/);
  });

  it('gives each country its currency, language, units and tax display', async () => {
    const body = (await ctx.app.inject('/v1/country?status=1')).json();
    const de = body.docs.find((c: { code: string }) => c.code === 'DE');
    expect(de).toMatchObject({
      code: 'DE',
      currency: { code: 'EUR', symbol: '€' },
      language: { code: 'de', nativeName: 'Deutsch' },
      distanceUnit: 'km',
      weightUnit: 'kg',
      taxDisplay: 'including',
      vatPercentage: 19,
      shouldVerifyCompanyTaxes: true,
    });
    const us = body.docs.find((c: { code: string }) => c.code === 'US');
    expect(us).toMatchObject({
      currency: { code: 'USD' },
      distanceUnit: 'mi',
      weightUnit: 'lb',
      taxDisplay: 'excluding',
      isDefault: true,
    });
  });

  it('paginates', async () => {
    const body = (await ctx.app.inject('/v1/country?limit=5&page=2&sort=code')).json();
    expect(body).toMatchObject({ limit: 5, page: 2, hasPrevPage: true, prevPage: 1 });
    expect(body.docs).toHaveLength(5);
    const all = (await ctx.app.inject('/v1/country?sort=code')).json();
    expect(body.docs.map((c: { code: string }) => c.code)).toEqual(
      all.docs.slice(5, 10).map((c: { code: string }) => c.code),
    );
  });

  it.each([['limit=0'], ['limit=301'], ['status=7'], ['sort=price'], ['page=abc']])(
    'rejects %s with a translated 400',
    async (query) => {
      const res = await ctx.app.inject({
        url: `/v1/country?${query}`,
        headers: { 'accept-language': 'de-DE,de;q=0.9' },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', t_key: 'error_validation' });
      expect(body.message).not.toBe('Some of the information sent is not valid.');
      expect(body.details.length).toBeGreaterThan(0);
    },
  );
});

describe('GET /v1/country/:code', () => {
  it('returns one country in any case', async () => {
    const res = await ctx.app.inject('/v1/country/fr');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'FR', name: 'France', currency: { code: 'EUR' } });
  });

  it('answers 404 COUNTRY_NOT_FOUND for an unknown code, in the asked language', async () => {
    const res = await ctx.app.inject('/v1/country/XX?lang=fr');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'COUNTRY_NOT_FOUND', t_key: 'error_country_not_found' });
  });

  it('answers 400 for a malformed code', async () => {
    const res = await ctx.app.inject('/v1/country/GERMANY');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /v1/country/by-ip', () => {
  it('suggests the active market of the caller', async () => {
    const res = await ctx.app.inject({ url: '/v1/country/by-ip', remoteAddress: '85.214.132.117' });
    expect(res.json()).toMatchObject({ ip: '85.214.132.117', country: { code: 'DE' } });
    expect(res.headers['cache-control']).toMatch(/no-store/);
  });

  it('suggests nothing for a country that is not an active market, or an unknown address', async () => {
    expect((await ctx.app.inject({ url: '/v1/country/by-ip', remoteAddress: '1.2.3.4' })).json().country).toBeNull();
    expect((await ctx.app.inject({ url: '/v1/country/by-ip', remoteAddress: '10.0.0.1' })).json().country).toBeNull();
  });

  it('reads X-Forwarded-For only from a trusted proxy', async () => {
    const viaLoopback = await ctx.app.inject({
      url: '/v1/country/by-ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '85.214.132.117' },
    });
    expect(viaLoopback.json().country?.code).toBe('DE');
    const spoofed = await ctx.app.inject({
      url: '/v1/country/by-ip',
      remoteAddress: '8.8.4.4',
      headers: { 'x-forwarded-for': '85.214.132.117' },
    });
    expect(spoofed.json().country?.code).toBe('US');
  });
});

describe('GET /v1/language/:code', () => {
  it('returns a language with its native name', async () => {
    expect((await ctx.app.inject('/v1/language/de')).json()).toEqual({
      code: 'de',
      name: 'German',
      nativeName: 'Deutsch',
      status: 1,
      isDefault: false,
    });
    expect((await ctx.app.inject('/v1/language/en')).json()).toMatchObject({ code: 'en-us', isDefault: true });
  });

  it('answers 404 for a language that is not offered and 400 for a malformed one', async () => {
    expect((await ctx.app.inject('/v1/language/ja')).statusCode).toBe(404);
    expect((await ctx.app.inject('/v1/language/!!')).statusCode).toBe(400);
  });
});

describe('errors and system routes', () => {
  it('answers unknown API paths with the JSON envelope', async () => {
    const res = await ctx.app.inject('/v1/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', t_key: 'error_resource_not_found' });
  });

  it('reports health and readiness', async () => {
    expect((await ctx.app.inject('/health')).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject('/ready')).json()).toEqual({ status: 'ok' });
  });

  it('exposes Prometheus metrics', async () => {
    const res = await ctx.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('process_resident_memory_bytes');
  });

  it('publishes the OpenAPI document with the markets endpoints', async () => {
    const doc = (await ctx.app.inject('/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/country', '/v1/country/{code}', '/v1/country/by-ip', '/v1/language/{code}']),
    );
  });

  it('sets a Content-Security-Policy with a fresh script nonce per response', async () => {
    const a = (await ctx.app.inject('/health')).headers['content-security-policy'] as string;
    const b = (await ctx.app.inject('/health')).headers['content-security-policy'] as string;
    expect(a).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(a).toContain("frame-ancestors 'none'");
    expect(a).not.toBe(b);
  });
});
