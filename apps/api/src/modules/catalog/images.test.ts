import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, ROLE_ACCOUNTS } from '../../../test/backoffice.ts';
import { apiCalls, type Json, useApi } from '../../../test/helper.ts';

// Model and option images, model texts per language (decision 059): admins only, checked by content, size and
// pixels, stored as WebP under content-versioned public addresses, audited on the model, and in the shop at once.

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx);
const admin = () => signIn(ROLE_ACCOUNTS.admin);
const MODEL = '/v1/admin/catalogue/models/varg-ex';
const RED = 'varg_option_red';
const NO_IMAGE = '00000000-0000-4000-8000-000000000000';

const image = async (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  (
    await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 20, b: 40 } } })
      [format]()
      .toBuffer()
  ).toString('base64');
const listed = async () =>
  ((await ctx.app.inject('/v1/product/getlist?countryLocation=DE')).json().docs as Json[]).find(
    (p) => p._id === 'varg-ex',
  );
const colorOption = async (id: string) =>
  ((await ctx.app.inject('/v1/product/varg-ex/components?country=DE')).json() as Json[])
    .flatMap((g) => g.options)
    .find((o: Json) => o.id === id);
const trail = async () => (await ok(await call('GET', '/v1/admin/audit/model/varg-ex', await admin()))).docs as Json[];

describe('back office: model and option images (decision 059)', () => {
  it('is for administrators only', async () => {
    const png = await image(4, 4);
    for (const request of [
      { method: 'GET', url: `${MODEL}/images` },
      { method: 'POST', url: `${MODEL}/images`, payload: { image: png } },
      { method: 'PUT', url: `${MODEL}/images/order`, payload: { imageIds: [NO_IMAGE] } },
      { method: 'PUT', url: `${MODEL}/images/${NO_IMAGE}/cover` },
      { method: 'DELETE', url: `${MODEL}/images/${NO_IMAGE}` },
      { method: 'PUT', url: `${MODEL}/options/${RED}/image`, payload: { image: png } },
      { method: 'GET', url: `${MODEL}/texts/de` },
      { method: 'PUT', url: `${MODEL}/texts/de`, payload: { name: 'X' } },
    ] as const) {
      await expectAdminOnly(ctx, request);
    }
    expect((await ok(await call('GET', `${MODEL}/images`, await admin()))).images).toEqual([]);
  });

  it('uploads a gallery as small WebP files with a cover, reorders, moves the cover, removes; audited; in the shop at once', async () => {
    const token = await admin();
    expect((await listed())?.images).toEqual([]);
    const one = await ok(await call('POST', `${MODEL}/images`, token, { image: await image(3000, 2000, 'jpeg') }));
    expect(one.images).toHaveLength(1);
    const first = one.images[0];
    expect(first).toMatchObject({ cover: true, width: 1600, height: 1067, small: { width: 640, height: 427 } });
    // In the shop at once (the catalogue's cache was dropped), served as a year-long immutable WebP.
    expect((await listed())?.images.map((i: Json) => i._id)).toEqual([first._id]);
    const file = await ctx.app.inject(first.small.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(640);
    // Another version of the address is not served.
    const stale = first.url.replace(/\/[0-9a-f]{16}\.webp$/, '/0000000000000000.webp');
    await refused(await ctx.app.inject(stale), 404, 'CATALOG_IMAGE_NOT_FOUND');

    const two = await ok(await call('POST', `${MODEL}/images`, token, { image: await image(400, 300) }));
    const second = two.images[1];
    expect(second).toMatchObject({ cover: false, width: 400, height: 300 });
    const reordered = await ok(
      await call('PUT', `${MODEL}/images/order`, token, { imageIds: [second._id, first._id] }),
    );
    expect(reordered.images.map((i: Json) => i._id)).toEqual([second._id, first._id]);
    const covered = await ok(await call('PUT', `${MODEL}/images/${second._id}/cover`, token));
    expect(covered.images.map((i: Json) => i.cover)).toEqual([true, false]);
    expect((await listed())?.images[0]._id).toBe(second._id);

    const left = await ok(await call('DELETE', `${MODEL}/images/${second._id}`, token));
    expect(left.images).toEqual([{ ...first, cover: true }]);
    expect((await ctx.app.inject(second.url)).statusCode).toBe(404);
    expect((await trail()).slice(0, 5).map((e) => e.action)).toEqual([
      'catalog.image_remove',
      'catalog.image_cover',
      'catalog.image_order',
      'catalog.image_add',
      'catalog.image_add',
    ]);
    await ok(await call('DELETE', `${MODEL}/images/${first._id}`, token));
  });

  it("sets and replaces an option's image; the configurator's option carries it", async () => {
    const token = await admin();
    expect((await colorOption(RED))?.image).toBeNull();
    const set = await ok(await call('PUT', `${MODEL}/options/${RED}/image`, token, { image: await image(1000, 1000) }));
    expect(set.options[RED]).toMatchObject({ width: 640, height: 640, small: { width: 160, height: 160 } });
    expect(set.images).toEqual([]);
    expect((await colorOption(RED))?.image._id).toBe(set.options[RED]._id);
    const replaced = await ok(
      await call('PUT', `${MODEL}/options/${RED}/image`, token, { image: await image(50, 50) }),
    );
    expect(replaced.options[RED]._id).not.toBe(set.options[RED]._id);
    expect((await ctx.app.inject(set.options[RED].url)).statusCode).toBe(404);
    expect((await trail())[0]).toMatchObject({ action: 'catalog.option_image_set', detail: { option: RED } });
    await ok(await call('DELETE', `${MODEL}/images/${replaced.options[RED]._id}`, token));
    expect((await colorOption(RED))?.image).toBeNull();
  });

  it('refuses what is not an image, too large, too many pixels, unknown models, options and images; nothing changed', async () => {
    const token = await admin();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF').toString('base64');
    await refused(await call('POST', `${MODEL}/images`, token, { image: pdf }), 415, 'CATALOG_IMAGE_TYPE');
    const big = Buffer.alloc(8 * 1024 * 1024 + 1, 1).toString('base64');
    await refused(await call('POST', `${MODEL}/images`, token, { image: big }), 413, 'CATALOG_IMAGE_TOO_LARGE');
    const huge = (
      await sharp({ create: { width: 7000, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer()
    ).toString('base64');
    await refused(await call('POST', `${MODEL}/images`, token, { image: huge }), 400, 'CATALOG_IMAGE_DIMENSIONS');
    const png = await image(8, 8);
    await refused(
      await call('POST', '/v1/admin/catalogue/models/no-such-model/images', token, { image: png }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    await refused(
      await call('PUT', `${MODEL}/options/varg_option_no_such/image`, token, { image: png }),
      404,
      'OPTION_NOT_FOUND',
    );
    await refused(await call('DELETE', `${MODEL}/images/${NO_IMAGE}`, token), 404, 'CATALOG_IMAGE_NOT_FOUND');
    await refused(await call('PUT', `${MODEL}/images/${NO_IMAGE}/cover`, token), 404, 'CATALOG_IMAGE_NOT_FOUND');
    await refused(await call('POST', `${MODEL}/images`, token, { image: '' }), 400, 'VALIDATION_ERROR');
    expect(await ok(await call('GET', `${MODEL}/images`, token))).toEqual({ images: [], options: {} });
    expect((await trail()).filter((e) => e.action.startsWith('catalog.image_add'))).toHaveLength(2);
  });
});

describe('back office: model texts per language (decision 059)', () => {
  it("saves the German name as an override: the shop's catalog shows it at once; empty goes back", async () => {
    const token = await admin();
    const before = await ok(await call('GET', `${MODEL}/texts/de`, token));
    expect(before.texts.map((t: Json) => t.key)).toEqual([
      'model_varg_ex_name',
      'model_varg_ex_tagline',
      'model_varg_ex_text',
    ]);
    expect(before.texts[0]).toMatchObject({ field: 'name', catalog: 'VARG EX', override: null });

    const saved = await ok(await call('PUT', `${MODEL}/texts/de`, token, { name: 'VARG EX Enduro' }));
    expect(saved.texts[0]).toMatchObject({ override: 'VARG EX Enduro' });
    const overrides = (await ctx.app.inject('/v1/translations/de')).json().overrides;
    expect(overrides.model_varg_ex_name).toBe('VARG EX Enduro');
    expect((await ctx.app.inject('/v1/translations/fr')).json().overrides.model_varg_ex_name).toBeUndefined();
    expect((await trail())[0]).toMatchObject({
      action: 'catalog.model_texts',
      detail: { lang: 'de', before: { name: null }, after: { name: 'VARG EX Enduro' } },
    });

    const back = await ok(await call('PUT', `${MODEL}/texts/de`, token, { name: '' }));
    expect(back.texts[0].override).toBeNull();
    expect((await ctx.app.inject('/v1/translations/de')).json().overrides.model_varg_ex_name).toBeUndefined();
  });

  it('refuses an unknown language, a model without texts and bad input; nothing saved', async () => {
    const token = await admin();
    await refused(await call('PUT', `${MODEL}/texts/xx`, token, { name: 'X' }), 400, 'VALIDATION_ERROR');
    await refused(
      await call('PUT', '/v1/admin/catalogue/models/no-such-model/texts/de', token, { name: 'X' }),
      404,
      'MODEL_TEXTS_UNKNOWN',
    );
    await refused(await call('PUT', `${MODEL}/texts/de`, token, { name: 'x'.repeat(121) }), 400, 'VALIDATION_ERROR');
    await refused(await call('PUT', `${MODEL}/texts/de`, token, { other: 'x' }), 400, 'VALIDATION_ERROR');
    expect((await ctx.app.inject('/v1/translations/de')).json().overrides.model_varg_ex_name).toBeUndefined();
  });
});
