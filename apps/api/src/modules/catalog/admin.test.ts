import { describe, expect, it, vi } from 'vitest';
import { expectAdminOnly, ROLE_ACCOUNTS } from '../../../test/backoffice.ts';
import { apiCalls, fixedGeo, type Json, testConfig, useApi } from '../../../test/helper.ts';
import { buildApi } from '../../app.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx);
const admin = () => signIn(ROLE_ACCOUNTS.admin);
const MODEL = '/v1/admin/catalogue/models/varg-ex';

/** A price in every currency the model has a list in, EUR/USD/GBP as given. */
async function allPrices(own: Record<string, number>) {
  const model = await ok(await call('GET', MODEL, await admin()));
  return Object.fromEntries(model.prices.map((p: Json) => [p.currency, own[p.currency] ?? 10_000]));
}
const trail = async (type: string, id: string) =>
  (await ok(await call('GET', `/v1/admin/audit/${type}/${encodeURIComponent(id)}`, await admin()))).docs as Json[];
const components = async (app: typeof ctx.app, country: string) =>
  (await app.inject(`/v1/product/varg-ex/components?country=${country}`)).json() as Json[];
const colors = (groups: Json[]) => groups.find((g) => g.group === 'color')?.options.map((o: Json) => o.id);

describe('back office: catalogue (decision 041)', () => {
  it('is for administrators only, on every call', async () => {
    const body = { optionId: 'varg_option_x', groupId: 'color', name: 'X', prices: { EUR: 1 } };
    for (const c of [
      { method: 'GET', url: '/v1/admin/catalogue/models' },
      { method: 'GET', url: MODEL },
      { method: 'PATCH', url: MODEL, payload: { status: 'hidden' } },
      { method: 'POST', url: `${MODEL}/options`, payload: body },
      { method: 'PATCH', url: `${MODEL}/options/varg_option_red`, payload: { sort: 3 } },
      { method: 'PUT', url: `${MODEL}/rules`, payload: { rules: [] } },
      { method: 'PUT', url: `${MODEL}/prices/EUR`, payload: { basePrice: 1, deposit: 1 } },
      { method: 'POST', url: `${MODEL}/preview`, payload: { country: 'DE' } },
    ] as const)
      await expectAdminOnly(ctx, c);
    // Nothing the refused callers sent was kept.
    const model = await ok(await call('GET', MODEL, await admin()));
    expect(model.status).toBe('active');
    expect(model.rules).toHaveLength(2);
    expect(model.prices.find((p: Json) => p.currency === 'EUR')).toMatchObject({ basePrice: 1_390_000 });
  });

  it('lists, searches and filters the models', async () => {
    const token = await admin();
    const all = await ok(await call('GET', '/v1/admin/catalogue/models', token));
    expect(all.docs.map((m: Json) => m._id)).toEqual(['varg', 'varg-ex', 'varg-sm', 'varg-launch-edition']);
    expect(all).toMatchObject({ total: 4, page: 1 });
    expect(all.docs[1]).toMatchObject({ status: 'active', configurable: true, options: expect.any(Number) });
    const found = await ok(await call('GET', '/v1/admin/catalogue/models?q=sm', token));
    expect(found.docs.map((m: Json) => m._id)).toEqual(['varg-sm']);
    const hidden = await ok(await call('GET', '/v1/admin/catalogue/models?status=hidden', token));
    expect(hidden.total).toBe(0);
    await refused(await call('GET', '/v1/admin/catalogue/models?status=gone', token), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/admin/catalogue/models/nope', token), 404, 'PRODUCT_NOT_FOUND');
  });

  it('adds an option priced in every currency; a second API process serves it at once', async () => {
    const token = await admin();
    const other = await buildApi({ config: testConfig, database: ctx.database, geo: fixedGeo({}), logger: false });
    try {
      // The other process has the model's options in its read cache.
      expect(colors(await components(other, 'DE'))).toEqual([
        'varg_option_red',
        'varg_option_white',
        'varg_option_grey',
      ]);
      const prices = await allPrices({ EUR: 49_000, USD: 45_000, GBP: 42_000 });
      const missing = { ...prices };
      delete missing.GBP;
      const body = { optionId: 'varg_option_black', groupId: 'color', name: 'Stealth black', prices: missing };
      const bad = await refused(await call('POST', `${MODEL}/options`, token, body), 400, 'OPTION_PRICES_MISSING');
      expect(bad.message).toContain('GBP');
      await refused(
        await call('POST', `${MODEL}/options`, token, { ...body, prices: { ...prices, XXX: 1 } }),
        400,
        'OPTION_PRICE_CURRENCY',
      );
      await refused(
        await call('POST', `${MODEL}/options`, token, { ...body, prices, groupId: 'nope' }),
        404,
        'OPTION_GROUP_NOT_FOUND',
      );
      await refused(
        await call('POST', `${MODEL}/options`, token, { ...body, prices, optionId: 'black' }),
        400,
        'VALIDATION_ERROR',
      );
      expect(colors(await components(ctx.app, 'DE'))).not.toContain('varg_option_black');

      const model = await ok(await call('POST', `${MODEL}/options`, token, { ...body, prices }), 201);
      const color = model.groups.find((g: Json) => g.id === 'color');
      expect(color.options.at(-1)).toMatchObject({
        optionId: 'varg_option_black',
        name: 'Stealth black',
        isDefault: false,
        prices: { EUR: 49_000, USD: 45_000, GBP: 42_000 },
      });
      await refused(await call('POST', `${MODEL}/options`, token, { ...body, prices }), 409, 'OPTION_EXISTS');

      // Served by this process at once, and by the other as soon as the notification arrives.
      const here = (await components(ctx.app, 'DE')).find((g) => g.group === 'color');
      expect(here?.options.at(-1)).toMatchObject({ id: 'varg_option_black', name: 'Stealth black' });
      await vi.waitFor(async () => expect(colors(await components(other, 'US'))).toContain('varg_option_black'), {
        timeout: 2_000,
        interval: 20,
      });
      const us = (await components(other, 'US')).find((g) => g.group === 'color');
      expect(us?.options.at(-1).price).toEqual({ amount: 45_000, currencyCode: 'USD' });

      // The configurator's price at the market's tax: Germany includes 19 % VAT, the US adds sales tax later.
      const de = (await other.inject('/v1/checkout/orderInfo/varg-ex?country=DE&componentId=varg_option_black')).json();
      expect(de).toMatchObject({ discountedPrice: 1_390_000 + 49_000, taxDisplay: 'including' });
      expect(Math.abs(de.discountedVat - ((1_390_000 + 49_000) * 19) / 119)).toBeLessThanOrEqual(1);
      const usPrice = (
        await other.inject('/v1/checkout/orderInfo/varg-ex?country=US&componentId=varg_option_black')
      ).json();
      expect(usPrice).toMatchObject({ taxDisplay: 'excluding', discountedVat: 0 });

      const entries = await trail('option', 'varg-ex:varg_option_black');
      expect(entries[0]).toMatchObject({ action: 'catalog.option.create', actor: { email: ROLE_ACCOUNTS.admin } });
      expect(entries[0]?.detail.after).toMatchObject({ group: 'color', name: 'Stealth black', isDefault: false });
    } finally {
      await other.close();
    }
  });

  it('refuses a change that breaks the default configuration, naming the rule, and changes nothing', async () => {
    const token = await admin();
    // Road registration needs the side stand, whose default is "no".
    const broken = await refused(
      await call('PATCH', `${MODEL}/options/varg_option_registration_yes`, token, { isDefault: true }),
      400,
      'DEFAULT_CONFIGURATION_BROKEN',
    );
    expect(broken.message).toContain('varg_option_registration_yes');
    expect(broken.message).toContain('varg_option_side_stand_yes');
    let model = await ok(await call('GET', MODEL, token));
    expect(model.defaults).toContain('varg_option_registration_no');
    expect(model.defaults).not.toContain('varg_option_registration_yes');
    // A rule the defaults break is refused too; one naming an option the model does not offer is bad input.
    const rules = model.rules;
    await refused(
      await call('PUT', `${MODEL}/rules`, token, {
        rules: [...rules, { optionId: 'varg_option_red', kind: 'excludes', otherOptionId: 'varg_option_60hp' }],
      }),
      400,
      'DEFAULT_CONFIGURATION_BROKEN',
    );
    await refused(
      await call('PUT', `${MODEL}/rules`, token, {
        rules: [{ optionId: 'varg_option_red', kind: 'requires', otherOptionId: 'varg_option_footpeg_titanium' }],
      }),
      400,
      'INVALID_CONFIGURATION',
    );
    expect((await ok(await call('GET', MODEL, token))).rules).toEqual(rules);

    // Making the side stand the default first, then registration, works; the old defaults lose the flag, audited.
    await ok(await call('PATCH', `${MODEL}/options/varg_option_side_stand_yes`, token, { isDefault: true }));
    model = await ok(await call('PATCH', `${MODEL}/options/varg_option_registration_yes`, token, { isDefault: true }));
    expect(model.defaults).toEqual(
      expect.arrayContaining(['varg_option_side_stand_yes', 'varg_option_registration_yes']),
    );
    expect(model.defaults).not.toContain('varg_option_side_stand_no');
    const lost = await trail('option', 'varg-ex:varg_option_side_stand_no');
    expect(lost[0]?.detail).toMatchObject({ before: { isDefault: true }, after: { isDefault: false } });
    await refused(
      await call('PATCH', `${MODEL}/options/varg_option_nope`, token, { sort: 1 }),
      404,
      'OPTION_NOT_FOUND',
    );
    await refused(await call('PATCH', `${MODEL}/options/varg_option_red`, token, {}), 400, 'VALIDATION_ERROR');

    // A new rule the defaults keep is saved and audited on the model.
    const rule = { optionId: 'varg_option_enduro18', kind: 'excludes', otherOptionId: 'varg_option_mousse' };
    model = await ok(await call('PUT', `${MODEL}/rules`, token, { rules: [...rules, rule] }));
    expect(model.rules).toContainEqual(rule);
    const modelTrail = await trail('model', 'varg-ex');
    expect(modelTrail[0]).toMatchObject({ action: 'catalog.rules.update' });
    expect(modelTrail[0]?.detail.after.rules).toContain('varg_option_enduro18 excludes varg_option_mousse');
  });

  it('sets a price list and previews the configurator total before saving', async () => {
    const token = await admin();
    const preview = await ok(
      await call('POST', `${MODEL}/preview`, token, { country: 'DE', basePrice: 1_000_000, deposit: 40_000 }),
    );
    expect(preview).toMatchObject({ currencyCode: 'EUR', taxDisplay: 'including', vatRateBp: 1900, deposit: 40_000 });
    expect(preview.total).toBe(preview.price);
    expect(Math.abs(preview.vat - (preview.total * 1900) / 11_900)).toBeLessThanOrEqual(1);
    expect(preview.financeFrom).toBeGreaterThan(0);
    const us = await ok(await call('POST', `${MODEL}/preview`, token, { country: 'US' }));
    expect(us).toMatchObject({ currencyCode: 'USD', taxDisplay: 'excluding', vat: 0 });
    await refused(await call('POST', `${MODEL}/preview`, token, { country: 'ZZ' }), 404, 'COUNTRY_NOT_FOUND');
    // The saved price did not move.
    let model = await ok(await call('GET', MODEL, token));
    expect(model.prices.find((p: Json) => p.currency === 'EUR').basePrice).toBe(1_390_000);

    await refused(
      await call('PUT', `${MODEL}/prices/EUR`, token, { basePrice: -1, deposit: 40_000 }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('PUT', `${MODEL}/prices/eur`, token, { basePrice: 1, deposit: 1 }),
      400,
      'VALIDATION_ERROR',
    );
    model = await ok(await call('PUT', `${MODEL}/prices/EUR`, token, { basePrice: 1_250_000, deposit: 40_000 }));
    expect(model.prices.find((p: Json) => p.currency === 'EUR')).toEqual({
      currency: 'EUR',
      basePrice: 1_250_000,
      deposit: 40_000,
    });
    const list = (await ctx.app.inject('/v1/product/getlist?countryLocation=DE&category=bikes&status=1')).json();
    expect(list.docs.find((d: Json) => d._id === 'varg-ex').price.amount).toBe(1_250_000);
    const entries = await trail('price', 'varg-ex:EUR');
    expect(entries[0]).toMatchObject({
      action: 'catalog.price.update',
      detail: { before: { basePrice: 1_390_000, deposit: 50_000 }, after: { basePrice: 1_250_000, deposit: 40_000 } },
    });
  });

  it('hides a model from the shop and shows it again', async () => {
    const token = await admin();
    await refused(await call('PATCH', MODEL, token, { status: 'gone' }), 400, 'VALIDATION_ERROR');
    await ok(await call('PATCH', '/v1/admin/catalogue/models/varg-sm', token, { status: 'hidden' }));
    const list = (await ctx.app.inject('/v1/product/getlist?countryLocation=DE&category=bikes&status=1')).json();
    expect(list.docs.map((d: Json) => d._id)).not.toContain('varg-sm');
    await ok(await call('PATCH', '/v1/admin/catalogue/models/varg-sm', token, { status: 'active' }));
    const entries = await trail('model', 'varg-sm');
    expect(entries.map((e) => e.detail.after)).toEqual([{ status: 'active' }, { status: 'hidden' }]);
  });
});
