// The back office's markets (issue 24 item 4, decision 043): activate or pause a country, its currency, language and
// tax, validated, audited on the market, and served at once by the storefront's country list.
import { countries } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly } from '../../../test/backoffice.ts';
import { apiCalls, type Json, useApi } from '../../../test/helper.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 60);
const admin = () => signIn('admin@demo.starkfuture.com');

const row = async (code: string) => (await ctx.database.db.select().from(countries).where(eq(countries.code, code)))[0];
const activeCodes = async () =>
  (await ok(await call('GET', '/v1/country?status=1&limit=300'))).docs.map((c: Json) => c.code) as string[];
const settings = (m: Json, changes: Record<string, unknown> = {}) => ({
  status: m.status,
  language: m.language,
  currencyCode: m.currency.code,
  currencySymbol: m.currency.symbol,
  taxDisplay: m.taxDisplay,
  vatRateBp: m.vatRateBp,
  ...changes,
});
const market = async (code: string) => ok(await call('GET', `/v1/admin/markets/${code}`, await admin()));
const put = async (code: string, body: object) => call('PUT', `/v1/admin/markets/${code}`, await admin(), body);

describe('markets in the back office', () => {
  it('refuses everyone but administrators on every call, and their attempts change nothing', async () => {
    const de = await market('DE');
    for (const c of [
      { method: 'GET', url: '/v1/admin/markets' },
      { method: 'GET', url: '/v1/admin/markets/options' },
      { method: 'GET', url: '/v1/admin/markets/DE' },
      { method: 'PUT', url: '/v1/admin/markets/DE', payload: settings(de, { status: 'paused' }) },
    ] as const) {
      await expectAdminOnly(ctx, c);
    }
    expect((await row('DE'))?.status).toBe(1);
  });

  it('lists every market with search, status filter and sort', async () => {
    const token = await admin();
    const all = await ok(await call('GET', '/v1/admin/markets?pageSize=500', token));
    expect(all.total).toBe(all.docs.length);
    const names = all.docs.map((m: Json) => m.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const paused = await ok(await call('GET', '/v1/admin/markets?status=paused&pageSize=500', token));
    expect(paused.docs.map((m: Json) => m.code)).toEqual(expect.arrayContaining(['JP', 'IS']));
    expect(paused.docs.every((m: Json) => m.status === 'paused')).toBe(true);
    const found = await ok(await call('GET', '/v1/admin/markets?q=germ', token));
    expect(found.docs).toEqual([
      expect.objectContaining({ code: 'DE', currency: { code: 'EUR', symbol: '€' }, vatRateBp: 1900, language: 'de' }),
    ]);
    const byCurrency = await ok(await call('GET', '/v1/admin/markets?sort=currency&dir=desc&pageSize=3', token));
    expect(byCurrency.docs).toHaveLength(3);
    await refused(await call('GET', '/v1/admin/markets?sort=vat', token), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/admin/markets/XX', token), 404, 'COUNTRY_NOT_FOUND');
  });

  it('pauses a market: off the storefront at once, audited; activates it again', async () => {
    expect(await activeCodes()).toContain('AT');
    const at = await market('AT');
    const paused = await ok(await put('AT', settings(at, { status: 'paused' })));
    expect(paused.status).toBe('paused');
    // The country list (cached 30 s in this process) follows at once: the storefront falls back.
    expect(await activeCodes()).not.toContain('AT');
    expect(
      (await call('POST', '/v1/vehicles/stock-bikes', null, { country: 'AT', productId: 'varg' })).statusCode,
    ).toBe(404);
    const trail = (await ok(await call('GET', '/v1/admin/audit/market/AT', await admin()))).docs;
    expect(trail[0]).toMatchObject({
      action: 'market.pause',
      entityType: 'market',
      entityId: 'AT',
      actor: { email: 'admin@demo.starkfuture.com' },
      detail: { before: { status: 1 }, after: { status: 0 } },
    });
    await ok(await put('AT', settings(at)));
    expect(await activeCodes()).toContain('AT');
    const again = (await ok(await call('GET', '/v1/admin/audit/market/AT', await admin()))).docs;
    expect(again.map((e: Json) => e.action)).toEqual(['market.activate', 'market.pause']);
  });

  it('changes a paused market’s currency, language and tax, with only the changed fields audited', async () => {
    const jp = await market('JP');
    const changed = await ok(
      await put('JP', settings(jp, { currencyCode: 'eur', currencySymbol: '€', language: 'de', vatRateBp: 1000 })),
    );
    expect(changed).toMatchObject({ currency: { code: 'EUR', symbol: '€' }, language: 'de', status: 'paused' });
    const [entry] = (await ok(await call('GET', '/v1/admin/audit/market/JP', await admin()))).docs;
    expect(entry.action).toBe('market.update');
    expect(entry.detail.before).toEqual({ currencyCode: 'JPY', currencySymbol: '¥', languageCode: 'en-us' });
    expect(entry.detail.after).toEqual({ currencyCode: 'EUR', currencySymbol: '€', languageCode: 'de' });
    // Saving the same again writes nothing.
    await ok(await put('JP', settings(changed)));
    expect((await ok(await call('GET', '/v1/admin/audit/market/JP', await admin()))).docs).toHaveLength(1);
  });

  it('refuses what would break the shop with a translated 4xx and changes nothing', async () => {
    const fr = await market('FR');
    const us = await market('US');
    const is = await market('IS');
    // An open cart in France: its currency cannot change under it.
    await ok(
      await call('POST', '/v1/cart/add-item?country=FR', null, { productId: 'varg', componentIds: [], quantity: 1 }),
    );
    const cases: [string, object, number, string][] = [
      ['FR', settings(fr, { currencyCode: 'USD', currencySymbol: '$' }), 409, 'MARKET_CURRENCY_IN_USE'],
      ['US', settings(us, { status: 'paused' }), 409, 'MARKET_DEFAULT_PAUSE'],
      ['IS', settings(is, { status: 'active', vatRateBp: 0 }), 400, 'MARKET_INCOMPLETE'],
      ['IS', settings(is, { status: 'active', currencyCode: 'QQQ' }), 400, 'MARKET_INCOMPLETE'],
      ['FR', settings(fr, { language: 'xx' }), 404, 'LANGUAGE_NOT_FOUND'],
      ['FR', settings(fr, { vatRateBp: -1 }), 400, 'VALIDATION_ERROR'],
      ['FR', settings(fr, { vatRateBp: 12.5 }), 400, 'VALIDATION_ERROR'],
      ['FR', settings(fr, { taxDisplay: 'both' }), 400, 'VALIDATION_ERROR'],
      ['FR', { ...settings(fr), extra: true }, 400, 'VALIDATION_ERROR'],
      ['XX', settings(fr), 404, 'COUNTRY_NOT_FOUND'],
    ];
    for (const [code, body, status, error] of cases) await refused(await put(code, body), status, error);
    expect(await row('FR')).toMatchObject({ currencyCode: 'EUR', languageCode: 'fr', vatRateBp: 2000, status: 1 });
    expect(await row('US')).toMatchObject({ status: 1 });
    expect(await row('IS')).toMatchObject({ status: 0, currencyCode: 'ISK' });
    expect((await ok(await call('GET', '/v1/admin/audit/market/FR', await admin()))).docs).toEqual([]);
    // An active market with a rate may still change its rate.
    await ok(await put('FR', settings(fr, { vatRateBp: 2100 })));
    expect((await row('FR'))?.vatRateBp).toBe(2100);
  });
});
