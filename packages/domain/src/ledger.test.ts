import { describe, expect, it } from 'vitest';
import {
  formatIban,
  isBankTransferMethod,
  isValidIban,
  listedLine,
  orderLedger,
  orderVatBreakdown,
  pendingBankTransfer,
  REVERSE_CHARGE_NOTE_KEY,
  taxPresentation,
  vatBreakdown,
  vatPercent,
} from './ledger.ts';

describe('order ledger (decision 012: paid is derived from the payments, never stored)', () => {
  const total = 1_577_700;

  it('counts only SUCCEEDED payments as paid; open attempts are pending, failed ones count for nothing', () => {
    const ledger = orderLedger({ total }, [
      { status: 'SUCCEEDED', amount: 50_000 },
      { status: 'FAILED', amount: 1_527_700 },
      { status: 'PROCESSING', amount: 1_527_700 },
      { status: 'REQUIRES_ACTION', amount: 100 },
      { status: 'CREATED', amount: 200 },
    ]);
    expect(ledger).toEqual({ paid: 50_000, toPay: 1_527_700, pending: 1_528_000, status: 'partially_paid' });
  });

  it('is pending payment with nothing paid, paid when the total is covered', () => {
    expect(orderLedger({ total }, [])).toEqual({ paid: 0, toPay: total, pending: 0, status: 'pending_payment' });
    expect(orderLedger({ total }, [{ status: 'FAILED', amount: total }]).status).toBe('pending_payment');
    const paid = orderLedger({ total }, [
      { status: 'SUCCEEDED', amount: 50_000 },
      { status: 'SUCCEEDED', amount: 1_527_700 },
    ]);
    expect(paid).toEqual({ paid: total, toPay: 0, pending: 0, status: 'paid' });
  });

  it('never owes less than nothing when more was paid than the total', () => {
    expect(orderLedger({ total: 1_000 }, [{ status: 'SUCCEEDED', amount: 1_500 }])).toMatchObject({
      paid: 1_500,
      toPay: 0,
      status: 'paid',
    });
  });

  it('treats a free order as paid, and keeps a cancelled order cancelled whatever was paid', () => {
    expect(orderLedger({ total: 0 }, []).status).toBe('paid');
    expect(orderLedger({ total, storedStatus: 'cancelled' }, [{ status: 'SUCCEEDED', amount: 50_000 }])).toEqual({
      paid: 50_000,
      toPay: 1_527_700,
      pending: 0,
      status: 'cancelled',
    });
    // Any other stored status is a cache of the ledger and is not trusted.
    expect(orderLedger({ total, storedStatus: 'paid' }, []).status).toBe('pending_payment');
  });

  it('refuses amounts that are not minor units', () => {
    expect(() => orderLedger({ total }, [{ status: 'SUCCEEDED', amount: 10.5 }])).toThrow(/minor units/);
  });
});

describe('pending bank transfer', () => {
  const transfer = (status: string, amount: number, method = 'bank_transfer') => ({ status, amount, method });

  it('knows the bank-transfer methods of the spec', () => {
    expect(['stark_bank_transfer', 'bank_transfer', 'bank_transfer_gb'].every(isBankTransferMethod)).toBe(true);
    expect(['card', 'sepa', 'manual'].some(isBankTransferMethod)).toBe(false);
  });

  it('is the newest open bank transfer, capped at what is still due', () => {
    const payments = [transfer('FAILED', 900), transfer('CREATED', 800), transfer('PROCESSING', 700)];
    expect(pendingBankTransfer(payments, 1_000)).toMatchObject({ status: 'PROCESSING', amount: 700, due: 700 });
    expect(pendingBankTransfer(payments, 500)).toMatchObject({ amount: 700, due: 500 });
  });

  it('is none when nothing is due, or no transfer is open', () => {
    expect(pendingBankTransfer([transfer('CREATED', 800)], 0)).toBeNull();
    expect(pendingBankTransfer([transfer('SUCCEEDED', 800), transfer('CREATED', 800, 'card')], 800)).toBeNull();
  });
});

describe('IBAN', () => {
  it('checks the mod-97 digits and prints in groups of four', () => {
    expect(isValidIban('ES91 2100 0418 4502 0005 1332')).toBe(true);
    expect(isValidIban('es9121000418450200051332')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('ES92 2100 0418 4502 0005 1332')).toBe(false);
    expect(isValidIban('ES91')).toBe(false);
    expect(isValidIban('not an iban at all')).toBe(false);
    expect(formatIban('es9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332');
  });
});

describe('invoice VAT breakdown', () => {
  it('splits prices with VAT into net and VAT per rate, to the cent, net + VAT = gross', () => {
    // The demo VARG EX order in Germany: the bike and its delivery, both at 19 %.
    const b = vatBreakdown({
      currency: 'EUR',
      pricesIncludeVat: true,
      amounts: [
        { amount: 1_542_800, vatRateBp: 1900 },
        { amount: 34_900, vatRateBp: 1900 },
      ],
    });
    expect(b.rates).toEqual([{ vatRateBp: 1900, net: 1_325_798, vat: 251_902, gross: 1_577_700 }]);
    expect(b).toMatchObject({ net: 1_325_798, vat: 251_902, gross: 1_577_700, reverseCharge: false });
  });

  it('rounds once per rate, not per line, and keeps every group exact', () => {
    // Three lines of 0.01 € at 19 %: per line each would be 0.01 net + 0.00 VAT; per rate 0.03 splits 0.03 + 0.00.
    const cents = vatBreakdown({
      currency: 'EUR',
      pricesIncludeVat: true,
      amounts: [1, 1, 1].map((amount) => ({ amount, vatRateBp: 1900 })),
    });
    expect(cents.rates).toEqual([{ vatRateBp: 1900, net: 3, vat: 0, gross: 3 }]);
    // 0.99 € contains 0.15807… € VAT: rounded to 0.16, not cut to 0.15.
    const small = vatBreakdown({ currency: 'EUR', pricesIncludeVat: true, amounts: [{ amount: 99, vatRateBp: 1900 }] });
    expect(small.rates).toEqual([{ vatRateBp: 1900, net: 83, vat: 16, gross: 99 }]);
    for (const gross of [1, 99, 119, 1_000_001, 43_788, 12_345_678]) {
      const [line] = vatBreakdown({
        currency: 'EUR',
        pricesIncludeVat: true,
        amounts: [{ amount: gross, vatRateBp: 1900 }],
      }).rates;
      expect((line?.net ?? 0) + (line?.vat ?? 0)).toBe(gross);
      // The VAT is the exact share of the gross, rounded to the cent.
      expect(Math.abs((line?.vat ?? 0) - (gross * 1900) / 11_900)).toBeLessThanOrEqual(0.5);
    }
  });

  it('groups several rates, highest first, with reduced and zero rates', () => {
    const b = vatBreakdown({
      currency: 'EUR',
      pricesIncludeVat: true,
      amounts: [
        { amount: 11_900, vatRateBp: 1900 },
        { amount: 10_700, vatRateBp: 700 },
        { amount: 5_000, vatRateBp: 0 },
        { amount: 11_900, vatRateBp: 1900 },
      ],
    });
    expect(b.rates).toEqual([
      { vatRateBp: 1900, net: 20_000, vat: 3_800, gross: 23_800 },
      { vatRateBp: 700, net: 10_000, vat: 700, gross: 10_700 },
      { vatRateBp: 0, net: 5_000, vat: 0, gross: 5_000 },
    ]);
    expect(b.net + b.vat).toBe(b.gross);
    expect(b.gross).toBe(39_500);
  });

  it('adds VAT to net prices, rounding half up, with a fractional rate', () => {
    const b = vatBreakdown({
      currency: 'EUR',
      pricesIncludeVat: false,
      amounts: [{ amount: 1_002, vatRateBp: 2550 }],
    });
    // 10.02 × 25.5 % = 2.5551 → 2.56.
    expect(b.rates).toEqual([{ vatRateBp: 2550, net: 1_002, vat: 256, gross: 1_258 }]);
    expect(vatPercent(2550)).toBe(25.5);
  });

  it('reverse charge: no VAT, every amount at 0 %, the note to print', () => {
    const b = vatBreakdown({
      currency: 'EUR',
      pricesIncludeVat: false,
      reverseCharge: true,
      amounts: [
        { amount: 1_296_639, vatRateBp: 2000 },
        { amount: 29_328, vatRateBp: 2000 },
      ],
    });
    expect(b).toEqual({
      currency: 'EUR',
      rates: [{ vatRateBp: 0, net: 1_325_967, vat: 0, gross: 1_325_967 }],
      net: 1_325_967,
      vat: 0,
      gross: 1_325_967,
      reverseCharge: true,
    });
    expect(REVERSE_CHARGE_NOTE_KEY).toBe('invoice_reverse_charge_note');
  });

  it('reverse charge on prices listed with VAT: the VAT they contained is taken out, as the checkout charged', () => {
    // A VARG EX listed at 15,428.00 € with French VAT (20 %), bought by a company with a valid VAT id.
    const b = vatBreakdown({
      currency: 'EUR',
      pricesIncludeVat: true,
      reverseCharge: true,
      amounts: [{ amount: 1_542_800, vatRateBp: 2000 }],
    });
    // 15,428.00 / 1.2 = 12,856.666… → VAT 2,571.33, net 12,856.67.
    expect(b.rates).toEqual([{ vatRateBp: 0, net: 1_285_667, vat: 0, gross: 1_285_667 }]);
    expect(b).toMatchObject({ vat: 0, gross: 1_285_667, reverseCharge: true });
  });

  it('refuses bad input', () => {
    expect(() => vatBreakdown({ currency: 'XXX1', pricesIncludeVat: true, amounts: [] })).toThrow(/currency/);
    expect(() =>
      vatBreakdown({ currency: 'EUR', pricesIncludeVat: true, amounts: [{ amount: 1.5, vatRateBp: 1900 }] }),
    ).toThrow(/minor units/);
    expect(() =>
      vatBreakdown({ currency: 'EUR', pricesIncludeVat: true, amounts: [{ amount: 1, vatRateBp: -1 }] }),
    ).toThrow(/vatRateBp/);
  });
});

describe('an order’s invoice amounts', () => {
  const order = { currency: 'EUR', fees: 0, reverseCharge: false };

  it('prices with VAT (Germany): lines as charged, shipping at the standard rate, VAT contained', () => {
    const de = { ...order, subtotal: 1_542_800, shipping: 34_900, tax: 251_902, total: 1_577_700 };
    const lines = [{ unitPrice: 1_542_800, quantity: 1, total: 1_542_800, vatRateBp: 1900 }];
    expect(taxPresentation(de)).toBe('included');
    expect(listedLine(lines[0] as (typeof lines)[0], 'included')).toEqual({ unit: 1_542_800, amount: 1_542_800 });
    expect(orderVatBreakdown(de, lines)).toMatchObject({
      presentation: 'included',
      rates: [{ vatRateBp: 1900, net: 1_325_798, vat: 251_902, gross: 1_577_700 }],
      gross: 1_577_700,
    });
  });

  it('tax added (US sales tax): lines before tax add up to the subtotal, the tax comes on top', () => {
    // The checkout stores a line's total with its tax; the invoice lists it before tax.
    const us = {
      currency: 'USD',
      fees: 0,
      reverseCharge: false,
      subtotal: 1_049_000,
      shipping: 0,
      tax: 76_053,
      total: 1_125_053,
    };
    const line = { unitPrice: 1_049_000, quantity: 1, total: 1_125_053, vatRateBp: 725 };
    expect(taxPresentation(us)).toBe('added');
    expect(listedLine(line, 'added')).toEqual({ unit: 1_049_000, amount: 1_049_000 });
    expect(orderVatBreakdown(us, [line]).rates).toEqual([
      { vatRateBp: 725, net: 1_049_000, vat: 76_053, gross: 1_125_053 },
    ]);
  });

  it('reverse charge: the net charged, one 0 % group worth the order total', () => {
    // Two chargers listed at 890.00 € with 20 % VAT, and 25.00 € delivery: charged without the VAT they contained.
    const fr = {
      currency: 'EUR',
      fees: 0,
      reverseCharge: true,
      subtotal: 178_000,
      shipping: 2_500,
      tax: 0,
      total: 150_416,
    };
    const line = { unitPrice: 89_000, quantity: 2, total: 148_333, vatRateBp: 0 };
    expect(taxPresentation(fr)).toBe('reverse_charge');
    expect(listedLine(line, 'reverse_charge')).toEqual({ unit: 74_167, amount: 148_333 });
    expect(orderVatBreakdown(fr, [line])).toMatchObject({
      presentation: 'reverse_charge',
      rates: [{ vatRateBp: 0, net: 150_416, vat: 0, gross: 150_416 }],
      reverseCharge: true,
    });
  });
});

describe('refunds in the ledger', () => {
  it('counts a payment less what was refunded of it', () => {
    const ledger = orderLedger({ total: 10_000 }, [
      { status: 'SUCCEEDED', amount: 10_000, refunded: 2_500 },
      { status: 'FAILED', amount: 10_000, refunded: 0 },
    ]);
    expect(ledger).toMatchObject({ paid: 7_500, toPay: 2_500, status: 'partially_paid' });
    expect(orderLedger({ total: 10_000 }, [{ status: 'SUCCEEDED', amount: 10_000, refunded: 10_000 }]).status).toBe(
      'pending_payment',
    );
  });
});
