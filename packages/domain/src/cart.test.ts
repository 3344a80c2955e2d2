import { describe, expect, it } from 'vitest';
import {
  addedQuantity,
  CART_MAX_QUANTITY,
  canCheckOut,
  canJoinCart,
  canJoinCartLines,
  cartTotals,
  isVin,
  nextQuantity,
  priceCartLine,
  storeUnitListPrice,
} from './cart.ts';
import { priceStoreItem } from './store-price.ts';

const germany = { currency: 'EUR', taxDisplay: 'including', vatRateBp: 1900 } as const;
const finland = { currency: 'EUR', taxDisplay: 'including', vatRateBp: 2550 } as const;
const usa = { currency: 'USD', taxDisplay: 'excluding', vatRateBp: 0 } as const;

describe('what may share a cart (CART-ERROR-003)', () => {
  const empty = { bikes: 0, warranties: 0 };
  const bikes = { bikes: 2, warranties: 0 };
  const warranty = { bikes: 0, warranties: 1 };

  it('lets bikes, stock bikes, parts, accessories and merchandise share a cart', () => {
    for (const line of ['bike', 'stock_bike', 'store', 'warranty'] as const)
      expect(canJoinCart(empty, line)).toBe(true);
    expect(canJoinCart(bikes, 'bike')).toBe(true);
    expect(canJoinCart(bikes, 'stock_bike')).toBe(true);
    expect(canJoinCart(bikes, 'store')).toBe(true);
    expect(canJoinCart(warranty, 'store')).toBe(true);
    expect(canJoinCart(warranty, 'warranty')).toBe(true);
  });

  it('keeps an extended warranty and bikes apart, both ways', () => {
    expect(canJoinCart(bikes, 'warranty')).toBe(false);
    expect(canJoinCart({ bikes: 1, warranties: 0 }, 'warranty')).toBe(false);
    expect(canJoinCart(warranty, 'bike')).toBe(false);
    expect(canJoinCart(warranty, 'stock_bike')).toBe(false);
  });

  it("joins a cart's lines to another (merge, clone) by the same rule", () => {
    expect(canJoinCartLines(bikes, { bikes: 3, warranties: 0 })).toBe(true);
    expect(canJoinCartLines(warranty, { bikes: 0, warranties: 2 })).toBe(true);
    // Only parts and the like: any cart.
    expect(canJoinCartLines(bikes, empty)).toBe(true);
    expect(canJoinCartLines(warranty, empty)).toBe(true);
    expect(canJoinCartLines(bikes, warranty)).toBe(false);
    expect(canJoinCartLines(warranty, { bikes: 1, warranties: 0 })).toBe(false);
    expect(canJoinCartLines(empty, { bikes: 1, warranties: 1 })).toBe(false);
  });
});

describe('quantities', () => {
  it('steps by one between 1 and the maximum; decrementing never removes a line', () => {
    expect(nextQuantity(1, 'increment')).toBe(2);
    expect(nextQuantity(2, 'decrement')).toBe(1);
    expect(nextQuantity(1, 'decrement')).toBe(1);
    expect(nextQuantity(CART_MAX_QUANTITY, 'increment')).toBe(CART_MAX_QUANTITY);
    expect(nextQuantity(5, 'increment', 5)).toBe(5);
  });

  it('adds up to the maximum', () => {
    expect(addedQuantity(1, 1)).toBe(2);
    expect(addedQuantity(3, 4)).toBe(7);
    expect(addedQuantity(98, 5)).toBe(CART_MAX_QUANTITY);
  });
});

describe('a priced cart line', () => {
  it('multiplies the unit price and splits the VAT the line total contains (Germany, 19 %)', () => {
    // Two €119.00 items: €238.00, of which €38.00 VAT.
    expect(priceCartLine({ quantity: 2, unitListPrice: 11_900, unitPrice: 11_900 }, germany)).toEqual({
      quantity: 2,
      unitListPrice: 11_900,
      unitPrice: 11_900,
      listTotal: 23_800,
      total: 23_800,
      deposit: 0,
      vat: { rateBp: 1900, amount: 3_800, included: true },
    });
  });

  it('keeps net + VAT equal to the total to the cent at an odd rate (Finland, 25.5 %)', () => {
    const line = priceCartLine({ quantity: 3, unitListPrice: 5_599, unitPrice: 5_599 }, finland);
    expect(line.total).toBe(16_797);
    expect(Math.abs(line.vat.amount - (16_797 * 2550) / 12_550)).toBeLessThanOrEqual(1);
    expect(line.vat.rateBp).toBe(2550);
  });

  it('contains no VAT where tax is added at checkout (US)', () => {
    const line = priceCartLine(
      { quantity: 1, unitListPrice: 1_290_000, unitPrice: 1_290_000, unitDeposit: 100_000 },
      usa,
    );
    expect(line.vat).toEqual({ rateBp: 0, amount: 0, included: false });
    expect(line.deposit).toBe(100_000);
  });

  it('keeps the list price next to a discounted or dealer price, and multiplies the deposit', () => {
    const line = priceCartLine({ quantity: 2, unitListPrice: 15_900, unitPrice: 14_310, unitDeposit: 50_000 }, germany);
    expect(line.listTotal).toBe(31_800);
    expect(line.total).toBe(28_620);
    expect(line.deposit).toBe(100_000);
  });

  it('refuses quantities and amounts that are not whole minor units', () => {
    expect(() => priceCartLine({ quantity: 0, unitListPrice: 100, unitPrice: 100 }, germany)).toThrow();
    expect(() => priceCartLine({ quantity: 1.5, unitListPrice: 100, unitPrice: 100 }, germany)).toThrow();
    expect(() => priceCartLine({ quantity: 1, unitListPrice: 10.5, unitPrice: 100 }, germany)).toThrow();
    expect(() => priceCartLine({ quantity: 1, unitListPrice: 100, unitPrice: -1 }, germany)).toThrow();
    expect(() =>
      priceCartLine({ quantity: 1, unitListPrice: 100, unitPrice: 100 }, { ...germany, currency: 'XXX1' }),
    ).toThrow();
  });
});

describe('cart totals (spec section 3: subTotal)', () => {
  it('sums the available lines; VAT is read as a percent, its amount is the sum of the lines', () => {
    const bike = priceCartLine(
      { quantity: 1, unitListPrice: 1_390_000, unitPrice: 1_390_000, unitDeposit: 100_000 },
      germany,
    );
    const second = priceCartLine(
      { quantity: 2, unitListPrice: 1_490_000, unitPrice: 1_490_000, unitDeposit: 100_000 },
      germany,
    );
    const totals = cartTotals(
      [
        { kind: 'bike', priced: bike },
        { kind: 'stock_bike', priced: second },
        { kind: 'bike', priced: null },
      ],
      germany,
    );
    expect(totals).toEqual({
      currency: 'EUR',
      price: 4_370_000,
      priceWithDiscount: 4_370_000,
      vat: 19,
      vatAmount: bike.vat.amount + second.vat.amount,
      totalStoreItems: 0,
      deposit: 300_000,
    });
  });

  it('counts store items in totalStoreItems and shows the discount as the gap between price and priceWithDiscount', () => {
    const tyre = priceCartLine({ quantity: 2, unitListPrice: 15_900, unitPrice: 14_310 }, finland);
    const tube = priceCartLine({ quantity: 1, unitListPrice: 5_499, unitPrice: 5_499 }, finland);
    const totals = cartTotals(
      [
        { kind: 'store', priced: tyre },
        { kind: 'store', priced: tube },
      ],
      finland,
    );
    expect(totals.price).toBe(31_800 + 5_499);
    expect(totals.priceWithDiscount).toBe(28_620 + 5_499);
    expect(totals.totalStoreItems).toBe(28_620 + 5_499);
    expect(totals.vat).toBe(25.5);
    expect(totals.deposit).toBe(0);
  });

  it('is all zeros for an empty cart or one whose lines are all unavailable; 0 % VAT in the US', () => {
    expect(cartTotals([], usa)).toEqual({
      currency: 'USD',
      price: 0,
      priceWithDiscount: 0,
      vat: 0,
      vatAmount: 0,
      totalStoreItems: 0,
      deposit: 0,
    });
    expect(cartTotals([{ kind: 'store', priced: null }], germany).priceWithDiscount).toBe(0);
  });
});

describe('checkout and VIN rules', () => {
  it('checks out a cart with lines that are all available (CART-ERROR-001 otherwise)', () => {
    expect(canCheckOut([{ available: true }])).toBe(true);
    expect(canCheckOut([])).toBe(false);
    expect(canCheckOut([{ available: true }, { available: false }])).toBe(false);
    expect(canCheckOut([{ available: false }])).toBe(false);
  });

  it('accepts 17 characters of the VIN alphabet only', () => {
    expect(isVin('WSF1234567890ABCD')).toBe(true);
    expect(isVin('1HGCM82633A004352')).toBe(true);
    expect(isVin('WSF1234567890ABC')).toBe(false);
    expect(isVin('WSF1234567890ABCDE')).toBe(false);
    expect(isVin('WSF12345678I0ABCD')).toBe(false);
    expect(isVin('WSF12345678O0ABCD')).toBe(false);
    expect(isVin('WSF12345678Q0ABCD')).toBe(false);
    expect(isVin('wsf1234567890abcd')).toBe(false);
  });
});

describe('the list price of a store item', () => {
  // Below a few euros a discount can round two list prices to one total; store prices are not that small.
  it('recovers the listed price from a priced variant, with and without discount and VAT', () => {
    for (const market of [germany, finland, usa]) {
      for (const listPrice of [15_900, 5_599, 14_999, 54_99, 129_99, 1_290_000]) {
        for (const discountBp of [0, 1_000, 1_250]) {
          const price = priceStoreItem({ listPrice, discountBp }, market);
          expect(storeUnitListPrice(price), `${market.currency} ${listPrice} ${discountBp}`).toBe(listPrice);
        }
      }
    }
  });
});
