import { discountBp, priceAtDiscount } from '@varg/domain';
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER,
  calls,
  DEALER,
  dealerOrdersApi,
  LYON,
  order,
  RIDER,
  RIDER_ORDER,
  UNKNOWN,
} from '../../../test/dealer-orders-fixture.ts';
import type { Json } from '../../../test/helper.ts';

// Builder edit mode for orders (decision 050): GET checkout/{hash}[/pricing] with orderId and lineId answer the order
// line's configuration and prices to its owner and dealer only, and the configurator's save goes through the dealer's
// order edit, which re-prices the order and keeps the ledger exact.

dealerOrdersApi();
const { call, ok, refused, signIn } = calls;

const lineQuery = (lineId: string, orderId = RIDER_ORDER) => `country=US&orderId=${orderId}&lineId=${lineId}`;

describe('an order line in the configurator', () => {
  it('answers the line’s configuration and edited prices to its dealer and its owner, in the order’s market', async () => {
    const dealer = await signIn(DEALER);
    const before = await order(dealer, RIDER_ORDER);
    const line = before.lines[0] as Json;
    for (const token of [dealer, await signIn(RIDER)]) {
      const res = await call('GET', `/v1/checkout/${line.hash}?${lineQuery(line.id)}`, token);
      const config = await ok(res);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(config).toMatchObject({
        hash: line.hash,
        productId: 'varg',
        quantity: line.quantity,
        options: { color: 'varg_option_white', power: 'varg_option_80hp', tires: 'varg_option_tires_soft' },
        // The order is Spanish: euros, whatever the caller's country.
        price: { amount: line.unitPrice, currencyCode: 'EUR' },
        editedPrices: { basePrice: line.unitPrice, price: line.unitPrice, discountPercentage: 0, isActive: false },
      });
      expect(Object.keys(config.editedPrices.optionsPrices).sort()).toEqual([...config.componentIds].sort());
      expect(config.editedPrices.optionsPrices.varg_option_80hp).toBeGreaterThan(0);
    }
    // Without orderId the answer is the catalogue's, for everybody.
    const plain = await call('GET', `/v1/checkout/${line.hash}?country=ES`);
    expect((await ok(plain)).editedPrices).toBeNull();
    expect(plain.headers['cache-control']).toContain('public');
  });

  it('is a 404 for anybody else, so order ids cannot be probed; bad ids are refused', async () => {
    const dealer = await signIn(DEALER);
    const line = (await order(dealer, RIDER_ORDER)).lines[0] as Json;
    for (const path of [`/v1/checkout/${line.hash}`, `/v1/checkout/${line.hash}/pricing`]) {
      for (const other of [await signIn(CUSTOMER), await signIn(LYON)]) {
        await refused(await call('GET', `${path}?${lineQuery(line.id)}`, other), 404, 'ORDER_NOT_FOUND');
      }
      await refused(await call('GET', `${path}?${lineQuery(line.id, UNKNOWN)}`, dealer), 404, 'ORDER_NOT_FOUND');
      await refused(await call('GET', `${path}?${lineQuery(UNKNOWN)}`, dealer), 404, 'ORDER_LINE_NOT_FOUND');
      await refused(await call('GET', `${path}?${lineQuery(line.id)}`), 401, 'UNAUTHORIZED');
      await refused(await call('GET', `${path}?${lineQuery('1')}`, dealer), 400, 'VALIDATION_ERROR');
      await refused(
        await call('GET', `${path}?country=ES&orderId=abc&lineId=${line.id}`, dealer),
        400,
        'VALIDATION_ERROR',
      );
      await refused(await call('GET', `${path}?country=ES&orderId=${RIDER_ORDER}`, dealer), 400, 'VALIDATION_ERROR');
    }
  });

  it('prices another configuration with the line’s discount, and saving it re-prices the order exactly', async () => {
    const dealer = await signIn(DEALER);
    const before = await order(dealer, RIDER_ORDER);
    const line = before.lines[0] as Json;
    // The dealer gave 7.5 % off this line.
    const discounted = Math.ceil(line.unitPrice * 0.925);
    const repriced = await ok(
      await call('PUT', '/v1/order/edit-item', dealer, {
        orderId: RIDER_ORDER,
        lineId: line.id,
        quantity: line.quantity,
        overwritePrice: discounted,
      }),
    );
    const listPrice = line.unitPrice;
    const own = await ok(await call('GET', `/v1/checkout/${line.hash}?${lineQuery(line.id)}`, dealer));
    expect(own.editedPrices).toMatchObject({
      basePrice: listPrice,
      price: discounted,
      discountPercentage: discountBp(listPrice, discounted) / 100,
      isActive: true,
    });
    expect(own.pricing.discountedPrice).toBe(discounted);

    // The same bike in red: its catalogue price less the line's discount.
    const red = own.componentIds.map((id: string) => (id === 'varg_option_white' ? 'varg_option_red' : id));
    const listed = await ok(
      await call(
        'GET',
        `/v1/checkout/orderInfo/varg?country=ES&${red.map((id: string) => `componentId=${id}`).join('&')}`,
      ),
    );
    expect(listed.hash).not.toBe(line.hash);
    const expected = priceAtDiscount(listed.discountedPrice, discountBp(listPrice, discounted));
    const pricing = await ok(await call('GET', `/v1/checkout/${listed.hash}/pricing?${lineQuery(line.id)}`, dealer));
    expect(pricing).toMatchObject({ hash: listed.hash, currencyCode: 'EUR', discountedPrice: expected });
    expect(pricing.discountPercentage).toBeGreaterThan(listed.discountPercentage);
    const config = await ok(await call('GET', `/v1/checkout/${listed.hash}?${lineQuery(line.id)}`, dealer));
    expect(config.editedPrices).toMatchObject({ basePrice: listed.discountedPrice, price: expected, isActive: true });

    // The configurator's save is the dealer's order edit: Spain's prices include VAT, so the total moves by exactly
    // the price difference and the buyer owes the rest of it.
    const saved = await ok(
      await call('PUT', '/v1/order/edit-item', dealer, {
        orderId: RIDER_ORDER,
        lineId: line.id,
        hash: listed.hash,
        quantity: line.quantity,
        overwritePrice: pricing.discountedPrice,
      }),
    );
    const total = repriced.settlement.total + (expected - discounted) * line.quantity;
    expect(saved.settlement).toMatchObject({ previousTotal: repriced.settlement.total, total, toPay: total - 50_000 });
    expect(saved.order.lines[0]).toMatchObject({ id: line.id, hash: listed.hash, unitPrice: expected });
    const rider = await ok(await call('GET', `/v1/order/${RIDER_ORDER}`, await signIn(RIDER)));
    expect(rider).toMatchObject({ total, paid: 50_000, toPay: total - 50_000 });
    // The line now answers its new configuration, at its own price.
    const after = await ok(await call('GET', `/v1/checkout/${listed.hash}?${lineQuery(line.id)}`, dealer));
    expect(after).toMatchObject({ options: { color: 'varg_option_red' }, price: { amount: expected } });
    expect(after.editedPrices).toMatchObject({ basePrice: listed.discountedPrice, price: expected });
  });
});
