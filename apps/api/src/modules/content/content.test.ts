import { siteBanners } from '@varg/db';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, tokenOf } from '../../../test/backoffice.ts';
import { bearer, useApi } from '../../../test/helper.ts';

const ctx = useApi();
const hour = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function create(body: Record<string, unknown>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/admin/banners',
    headers: bearer(await tokenOf(ctx, 'admin')),
    payload: body,
  });
  return res;
}
const visible = async (country: string, lang: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/v1/banners?country=${country}&lang=${lang}` })).json().docs as {
    text: string;
    tone: string;
  }[];

describe('site banners (decision 045)', () => {
  it('a banner for Germany shows to German visitors in German, to Austrians in English fallback, not to France', async () => {
    const res = await create({
      tone: 'warning',
      texts: {
        'en-us': 'Holiday deliveries: order by 18 December.',
        de: 'Lieferung vor den Feiertagen: bis 18. Dezember bestellen.',
      },
      countries: ['DE', 'AT'],
      linkUrl: '/store',
      startsAt: iso(-hour),
      endsAt: iso(hour),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ state: 'live', countries: ['AT', 'DE'], tone: 'warning' });
    expect(await visible('DE', 'de')).toEqual([
      expect.objectContaining({ text: 'Lieferung vor den Feiertagen: bis 18. Dezember bestellen.', tone: 'warning' }),
    ]);
    expect((await visible('AT', 'en-us'))[0]?.text).toBe('Holiday deliveries: order by 18 December.');
    expect((await visible('AT', 'fr'))[0]?.text).toBe('Holiday deliveries: order by 18 December.');
    expect(await visible('FR', 'fr')).toEqual([]);
  });

  it('scheduled, ended and paused banners are not shown; editing one is audited with before and after', async () => {
    const admin = bearer(await tokenOf(ctx, 'admin'));
    const later = await create({ texts: { 'en-us': 'Later' }, startsAt: iso(hour) });
    expect(later.json().state).toBe('scheduled');
    const ended = await create({ texts: { 'en-us': 'Over' }, startsAt: iso(-2 * hour), endsAt: iso(-hour) });
    expect(ended.json().state).toBe('ended');
    const live = await create({
      texts: { 'en-us': 'Free shipping on parts' },
      countries: ['NL'],
      startsAt: iso(-hour),
    });
    expect((await visible('NL', 'nl')).map((b) => b.text)).toEqual(['Free shipping on parts']);

    const { id, state: _s, createdAt: _c, updatedAt: _u, ...saved } = live.json() as Record<string, unknown>;
    const paused = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/admin/banners/${id}`,
      headers: admin,
      payload: { ...saved, active: false },
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().state).toBe('paused');
    // This process forgets its live banners at once.
    expect(await visible('NL', 'nl')).toEqual([]);

    const trail = await ctx.app.inject({ method: 'GET', url: `/v1/admin/audit/alert/${id}`, headers: admin });
    const docs = trail.json().docs as { action: string; detail: Record<string, unknown> }[];
    expect(docs.map((d) => d.action)).toEqual(['banner.update', 'banner.create']);
    expect(docs[0]?.detail).toEqual({ before: { active: true }, after: { active: false } });

    const list = await ctx.app.inject({ method: 'GET', url: '/v1/admin/banners?state=paused', headers: admin });
    expect(list.json()).toMatchObject({ total: 1, docs: [{ id }] });

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/v1/admin/banners/${id}`, headers: admin });
    expect(removed.statusCode).toBe(204);
    const again = await ctx.app.inject({ method: 'GET', url: `/v1/admin/banners/${id}`, headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('BANNER_NOT_FOUND');
  });

  it('refuses bad input with a code and changes nothing', async () => {
    const before = await ctx.database.db.select().from(siteBanners);
    const bad = [
      { texts: { de: 'Nur Deutsch' }, startsAt: iso(0) },
      { texts: { 'en-us': 'x' }, startsAt: iso(hour), endsAt: iso(0) },
      { texts: { 'en-us': 'x' }, startsAt: 'tomorrow' },
      { texts: { 'en-us': 'x' }, startsAt: iso(0), linkUrl: 'javascript:alert(1)' },
      { texts: { 'en-us': 'x' }, startsAt: iso(0), linkUrl: '//evil.example' },
      { texts: { 'en-us': 'x'.repeat(301) }, startsAt: iso(0) },
      { texts: { 'en-us': 'x' }, startsAt: iso(0), countries: ['de'] },
      { texts: { 'en-us': 'x', klingon: 'x' }, startsAt: iso(0) },
      { texts: { 'en-us': 'x' }, startsAt: iso(0), tone: 'panic' },
    ];
    for (const body of bad) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toMatch(/VALIDATION_ERROR|BANNER_SCHEDULE/);
      expect(res.json().message.length).toBeGreaterThan(0);
    }
    expect(await ctx.database.db.select().from(siteBanners)).toEqual(before);
    const wrongQuery = await ctx.app.inject({ method: 'GET', url: '/v1/banners?country=germany&lang=de' });
    expect(wrongQuery.statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const body = { texts: { 'en-us': 'x' }, startsAt: iso(0) };
    const id = '00000000-0000-4000-8000-000000000000';
    await expectAdminOnly(ctx, { method: 'GET', url: '/v1/admin/banners' });
    await expectAdminOnly(ctx, { method: 'GET', url: `/v1/admin/banners/${id}` });
    await expectAdminOnly(ctx, { method: 'POST', url: '/v1/admin/banners', payload: body });
    await expectAdminOnly(ctx, { method: 'PUT', url: `/v1/admin/banners/${id}`, payload: body });
    await expectAdminOnly(ctx, { method: 'DELETE', url: `/v1/admin/banners/${id}` });
  });
});
