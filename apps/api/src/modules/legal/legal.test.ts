import { DEMO_PASSWORD, legalDocuments, orders } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, tokenOf } from '../../../test/backoffice.ts';
import { bearer, germanCheckout, useApi } from '../../../test/helper.ts';
import { candidatesFor } from './service.ts';

const ctx = useApi();
const read = async (kind: string, country: string, lang: string) =>
  ctx.app.inject({ method: 'GET', url: `/v1/legal/${kind}?country=${country}&lang=${lang}` });
const publish = async (body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/admin/legal',
    headers: bearer(await tokenOf(ctx, 'admin')),
    payload: body,
  });

describe('legal documents (decision 047)', () => {
  it('reads the market’s own text in the visitor’s language, else the default, else English', async () => {
    expect(candidatesFor('DE', 'de')).toEqual([
      { country: 'DE', lang: 'de' },
      { country: '*', lang: 'de' },
      { country: 'DE', lang: 'en-us' },
      { country: '*', lang: 'en-us' },
    ]);
    const french = await read('sale', 'FR', 'fr');
    expect(french.statusCode).toBe(200);
    expect(french.json()).toMatchObject({ kind: 'sale', lang: 'fr', country: '*', version: 1 });
    expect(french.json().title).toBe('Conditions générales de vente');
    expect(french.headers['cache-control']).toBe('public, max-age=300');
    // No Italian text yet: the English default, which says so in `lang`.
    expect((await read('sale', 'IT', 'it')).json()).toMatchObject({ lang: 'en-us', title: 'Terms of sale' });
    expect((await read('imprint', 'DE', 'de')).json().body).toContain('Stark Future S.L.');
    expect((await read('privacy', 'US', 'en-us')).json().title).toBe('Privacy policy');
  });

  it('an administrator publishes Germany’s own terms; versions are added, audited, and the checkout names the one accepted', async () => {
    const admin = bearer(await tokenOf(ctx, 'admin'));
    const first = await publish({
      kind: 'sale',
      country: 'DE',
      lang: 'de',
      title: 'Verkaufsbedingungen für Deutschland',
      body: '## 1. Geltung\nDiese Bedingungen gelten in Deutschland.',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ country: 'DE', lang: 'de', version: 1 });
    const second = await publish({ ...first.json(), title: 'Verkaufsbedingungen (Deutschland)', id: undefined });
    expect(second.json().version).toBe(2);
    // German visitors in Germany read the newest; Austrians keep the default German text.
    expect((await read('sale', 'DE', 'de')).json()).toMatchObject({ id: second.json().id, version: 2 });
    expect((await read('sale', 'AT', 'de')).json()).toMatchObject({ country: '*', version: 1 });

    const versions = await ctx.app.inject({ method: 'GET', url: `/v1/admin/legal/${first.json().id}`, headers: admin });
    expect(versions.json().versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const current = await ctx.app.inject({ method: 'GET', url: '/v1/admin/legal', headers: admin });
    expect(current.json().docs.filter((d: { country: string }) => d.country === 'DE')).toHaveLength(1);
    const trail = await ctx.app.inject({ method: 'GET', url: '/v1/admin/audit/legal/sale%2FDE%2Fde', headers: admin });
    expect(trail.json().docs.map((d: { action: string }) => d.action)).toEqual(['legal.publish', 'legal.publish']);

    // A German buyer's order names version 2.
    const token = (
      await ctx.app.inject({
        method: 'POST',
        url: '/v1/user/sign-in',
        payload: { email: 'customer@demo.starkfuture.com', password: DEMO_PASSWORD },
        remoteAddress: '198.51.100.77',
      })
    ).json().token as string;
    const cart = await ctx.app.inject({
      method: 'POST',
      url: '/v1/cart/add-item?country=DE',
      payload: { productId: 'varg-ex', componentIds: ['varg_option_80hp'] },
    });
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/v1/checkout',
      headers: bearer(token),
      payload: germanCheckout(cart.json()._id, 'customer@demo.starkfuture.com'),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [order] = await ctx.database.db
      .select({ terms: orders.termsDocumentId })
      .from(orders)
      .where(eq(orders.id, confirmed.json().order._id));
    expect(order?.terms).toBe(second.json().id);
  });

  it('refuses bad input with a code and changes nothing', async () => {
    const before = await ctx.database.db.select().from(legalDocuments);
    const good = { kind: 'privacy', country: '*', lang: 'de', title: 'Datenschutz', body: 'Text' };
    for (const bad of [
      { ...good, kind: 'manifesto' },
      { ...good, country: 'de' },
      { ...good, country: 'DEU' },
      { ...good, lang: 'klingon' },
      { ...good, title: ' ' },
      { ...good, body: '' },
      { ...good, body: 'x'.repeat(50_001) },
    ]) {
      const res = await publish(bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await ctx.database.db.select().from(legalDocuments)).toEqual(before);
    expect((await read('terms', 'DE', 'de')).statusCode).toBe(400);
    expect((await read('sale', 'germany', 'de')).statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/v1/admin/legal/00000000-0000-4000-8000-000000000000',
      headers: bearer(await tokenOf(ctx, 'admin')),
    });
    expect(unknown.json().code).toBe('LEGAL_DOCUMENT_NOT_FOUND');
  });

  it('publishing is for administrators only', async () => {
    const body = { kind: 'privacy', country: '*', lang: 'de', title: 'Datenschutz', body: 'Text' };
    await expectAdminOnly(ctx, { method: 'GET', url: '/v1/admin/legal' });
    await expectAdminOnly(ctx, { method: 'GET', url: '/v1/admin/legal/00000000-0000-4000-8000-000000000000' });
    await expectAdminOnly(ctx, { method: 'POST', url: '/v1/admin/legal', payload: body });
  });
});
