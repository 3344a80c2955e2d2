import { orderLines, orders, stockBikes } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, ROLE_ACCOUNTS } from '../../../test/backoffice.ts';
import { apiCalls, type Json, useApi } from '../../../test/helper.ts';

// Deleting an option (decision 055): refused while orders or stock bikes carry it and for a group's default,
// otherwise the option goes with its prices and rules, audited on the model, and the shop stops offering it at once.

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx);
const admin = () => signIn(ROLE_ACCOUNTS.admin);
const MODEL = '/v1/admin/catalogue/models/varg-ex';
const colors = async () =>
  ((await ctx.app.inject('/v1/product/varg-ex/components?country=DE')).json() as Json[])
    .find((g) => g.group === 'color')
    ?.options.map((o: Json) => o.id);

/** Adds a color option of the model priced 100.00 in every currency, as the back office does. */
async function addColor(slug: string) {
  const token = await admin();
  const model = await ok(await call('GET', MODEL, token));
  const prices = Object.fromEntries(model.prices.map((p: Json) => [p.currency, 10_000]));
  const optionId = `varg_option_${slug}`;
  await ok(await call('POST', `${MODEL}/options`, token, { optionId, groupId: 'color', name: slug, prices }), 201);
  return optionId;
}
const optionIds = (model: Json) => model.groups.flatMap((g: Json) => g.options.map((o: Json) => o.optionId));

describe('back office: deleting an option (decision 055)', () => {
  it('is for administrators only; nothing is deleted by the others', async () => {
    const optionId = await addColor('matrix');
    await expectAdminOnly(ctx, { method: 'DELETE', url: `${MODEL}/options/${optionId}` });
    expect(optionIds(await ok(await call('GET', MODEL, await admin())))).toContain(optionId);
  });

  it('deletes an option with its prices and rules, audits it on the model, and the shop drops it at once', async () => {
    const token = await admin();
    const optionId = await addColor('sunset');
    const before = await ok(await call('GET', MODEL, token));
    const rule = { optionId, kind: 'excludes', otherOptionId: 'varg_option_side_stand_yes' };
    await ok(await call('PUT', `${MODEL}/rules`, token, { rules: [...before.rules, rule] }));
    expect(await colors()).toContain(optionId);

    const model = await ok(await call('DELETE', `${MODEL}/options/${optionId}`, token));
    expect(optionIds(model)).not.toContain(optionId);
    expect(model.rules).toEqual(before.rules);
    expect(model.defaults).toEqual(before.defaults);
    expect(await colors()).not.toContain(optionId);
    // The configurator no longer prices it.
    const priced = await ctx.app.inject(`/v1/checkout/orderInfo/varg-ex?country=DE&componentId=${optionId}`);
    expect(priced.statusCode).toBe(400);

    const trail = (await ok(await call('GET', '/v1/admin/audit/model/varg-ex', token))).docs as Json[];
    expect(trail[0]).toMatchObject({ action: 'catalog.option.delete', actor: { email: ROLE_ACCOUNTS.admin } });
    expect(trail[0]?.detail.before).toMatchObject({
      option: optionId,
      group: 'color',
      name: 'sunset',
      isDefault: false,
      prices: expect.objectContaining({ EUR: 10_000, USD: 10_000 }),
      rules: [`${optionId} excludes varg_option_side_stand_yes`],
    });
    // Gone: a second delete is a 404, and the same id can be added again.
    await refused(await call('DELETE', `${MODEL}/options/${optionId}`, token), 404, 'OPTION_NOT_FOUND');
    expect(await addColor('sunset')).toBe(optionId);
  });

  it('refuses the default, an option a stock bike or an order line carries, and bad input; nothing changes', async () => {
    const token = await admin();
    const { db } = ctx.database;
    const before = await ok(await call('GET', MODEL, token));
    expect(before.defaults).toContain('varg_option_red');
    await refused(await call('DELETE', `${MODEL}/options/varg_option_red`, token), 409, 'OPTION_IS_DEFAULT');

    // A retired stock bike still counts: its configuration must stay readable.
    const optionId = await addColor('carbon');
    const [bike] = await db.select().from(stockBikes).where(eq(stockBikes.productId, 'varg-ex')).limit(1);
    if (!bike) throw new Error('the seed has varg-ex stock bikes');
    await db
      .insert(stockBikes)
      .values({ ...bike, id: 'SBDEL1', vin: null, status: 'retired', optionIds: [...bike.optionIds, optionId] });
    await refused(await call('DELETE', `${MODEL}/options/${optionId}`, token), 409, 'OPTION_IN_USE');
    await db.delete(stockBikes).where(eq(stockBikes.id, 'SBDEL1'));

    const [order] = await db.select({ id: orders.id }).from(orders).limit(1);
    if (!order) throw new Error('the seed has orders');
    await db.insert(orderLines).values({
      orderId: order.id,
      type: 'bike',
      productId: 'varg-ex',
      optionIds: [optionId],
      nameKey: 'varg_ex',
      quantity: 1,
      unitPrice: 1,
      total: 1,
    });
    const inUse = await refused(await call('DELETE', `${MODEL}/options/${optionId}`, token), 409, 'OPTION_IN_USE');
    expect(inUse.message).toMatch(/order|stock/i);

    await refused(await call('DELETE', `${MODEL}/options/varg_option_nope`, token), 404, 'OPTION_NOT_FOUND');
    await refused(await call('DELETE', `${MODEL}/options/red`, token), 400, 'VALIDATION_ERROR');
    await refused(
      await call('DELETE', `/v1/admin/catalogue/models/nope/options/${optionId}`, token),
      404,
      'PRODUCT_NOT_FOUND',
    );
    const after = await ok(await call('GET', MODEL, token));
    expect(optionIds(after).sort()).toEqual([...optionIds(before), optionId].sort());
    expect(after.rules).toEqual(before.rules);
    const trail = (await ok(await call('GET', '/v1/admin/audit/model/varg-ex', token))).docs as Json[];
    expect(trail.filter((e) => e.action === 'catalog.option.delete')).toHaveLength(1);
  });
});
