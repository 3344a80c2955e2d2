import { describe, expect, it } from 'vitest';
import {
  allowedMethods,
  amountForKind,
  canTransition,
  nextStatus,
  normalizePaymentKind,
  PAYMENT_STATUSES,
  type PaymentStatus,
  PaymentTransitionError,
  paymentKinds,
} from './payment.ts';

/** The documented table (payment.ts, docs/decisions/016): every transition a payment may make. */
const DOCUMENTED: Record<PaymentStatus, PaymentStatus[]> = {
  CREATED: ['PROCESSING', 'REQUIRES_ACTION', 'SUCCEEDED', 'FAILED'],
  PROCESSING: ['SUCCEEDED', 'FAILED', 'REQUIRES_ACTION'],
  REQUIRES_ACTION: ['PROCESSING', 'SUCCEEDED', 'FAILED'],
  FAILED: ['CREATED'],
  SUCCEEDED: [],
};

const pairs = PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.map((to) => [from, to] as const));

describe('payment status machine', () => {
  it('covers all 25 pairs of the five statuses', () => {
    expect(PAYMENT_STATUSES).toHaveLength(5);
    expect(pairs).toHaveLength(25);
  });

  it('allows the documented transitions and nothing else', () => {
    const allowed = PAYMENT_STATUSES.flatMap((from) =>
      PAYMENT_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'CREATED→PROCESSING',
        'CREATED→REQUIRES_ACTION',
        'CREATED→SUCCEEDED',
        'CREATED→FAILED',
        'PROCESSING→SUCCEEDED',
        'PROCESSING→FAILED',
        'PROCESSING→REQUIRES_ACTION',
        'REQUIRES_ACTION→PROCESSING',
        'REQUIRES_ACTION→SUCCEEDED',
        'REQUIRES_ACTION→FAILED',
        'FAILED→CREATED',
      ].sort(),
    );
  });

  describe.each(pairs)('%s → %s', (from, to) => {
    const documented = DOCUMENTED[from].includes(to);
    if (from === to) {
      it('is a repeat, not a transition: canTransition is false and nextStatus keeps the status', () => {
        expect(canTransition(from, to)).toBe(false);
        expect(nextStatus(from, to)).toBe(from);
      });
    } else if (documented) {
      it('is allowed: nextStatus moves to it', () => {
        expect(canTransition(from, to)).toBe(true);
        expect(nextStatus(from, to)).toBe(to);
      });
    } else {
      it('is refused: nextStatus throws a PaymentTransitionError naming both statuses', () => {
        expect(canTransition(from, to)).toBe(false);
        let thrown: unknown;
        try {
          nextStatus(from, to);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(PaymentTransitionError);
        expect(thrown).toMatchObject({ from, to });
        expect((thrown as Error).message).toContain(`${from} to ${to}`);
      });
    }
  });

  it('never leaves SUCCEEDED, and a repeated event is no change', () => {
    expect(nextStatus('SUCCEEDED', 'SUCCEEDED')).toBe('SUCCEEDED');
    for (const to of PAYMENT_STATUSES.filter((s) => s !== 'SUCCEEDED'))
      expect(() => nextStatus('SUCCEEDED', to)).toThrow(PaymentTransitionError);
    expect(nextStatus('REQUIRES_ACTION', 'SUCCEEDED')).toBe('SUCCEEDED');
  });

  it('a failed payment only comes back as a new attempt (CREATED)', () => {
    expect(nextStatus('FAILED', 'CREATED')).toBe('CREATED');
    for (const to of ['PROCESSING', 'REQUIRES_ACTION', 'SUCCEEDED'] as const)
      expect(() => nextStatus('FAILED', to)).toThrow(PaymentTransitionError);
  });
});

describe('payment kinds', () => {
  it('accepts both spellings of the down payment', () => {
    expect(normalizePaymentKind('downpayment')).toBe('down_payment');
    expect(normalizePaymentKind('down_payment')).toBe('down_payment');
    expect(normalizePaymentKind('full')).toBe('full');
    expect(normalizePaymentKind('deposit')).toBe('deposit');
    expect(normalizePaymentKind('remaining')).toBe('remaining');
    expect(normalizePaymentKind('half')).toBeNull();
    expect(normalizePaymentKind('')).toBeNull();
    expect(normalizePaymentKind('FULL')).toBeNull();
  });

  it('asks for what is due, the deposit, or the rest — never more than is due', () => {
    const order = { total: 1_404_900, paid: 0, deposit: 50_000 };
    expect(amountForKind('full', order)).toBe(1_404_900);
    expect(amountForKind('deposit', order)).toBe(50_000);
    expect(amountForKind('remaining', { ...order, paid: 50_000 })).toBe(1_354_900);
    expect(amountForKind('deposit', { total: 30_000, paid: 0, deposit: 50_000 })).toBe(30_000);
    expect(amountForKind('full', { ...order, paid: 1_404_900 })).toBe(0);
    expect(amountForKind('down_payment', { ...order, downPayment: 200_000 })).toBe(200_000);
  });

  it('full and remaining both ask what is due, never below 0', () => {
    const order = { total: 100_000, paid: 25_000, deposit: 10_000 };
    expect(amountForKind('full', order)).toBe(75_000);
    expect(amountForKind('remaining', order)).toBe(75_000);
    expect(amountForKind('full', { ...order, paid: 120_000 })).toBe(0);
    expect(amountForKind('remaining', { ...order, paid: 120_000 })).toBe(0);
  });

  it('a deposit is capped at what is still due', () => {
    expect(amountForKind('deposit', { total: 100_000, paid: 0, deposit: 10_000 })).toBe(10_000);
    expect(amountForKind('deposit', { total: 100_000, paid: 95_000, deposit: 10_000 })).toBe(5_000);
    expect(amountForKind('deposit', { total: 100_000, paid: 100_000, deposit: 10_000 })).toBe(0);
    expect(amountForKind('deposit', { total: 100_000, paid: 0, deposit: 0 })).toBe(0);
  });

  it('a down payment is what the buyer chose, capped at what is due, and never negative', () => {
    const order = { total: 100_000, paid: 0, deposit: 10_000 };
    expect(amountForKind('down_payment', { ...order, downPayment: 30_000 })).toBe(30_000);
    expect(amountForKind('down_payment', { ...order, downPayment: 100_000 })).toBe(100_000);
    expect(amountForKind('down_payment', { ...order, downPayment: 150_000 })).toBe(100_000);
    expect(amountForKind('down_payment', { ...order, paid: 80_000, downPayment: 30_000 })).toBe(20_000);
    expect(amountForKind('down_payment', { ...order, downPayment: -5_000 })).toBe(0);
    expect(amountForKind('down_payment', order)).toBe(0);
  });
});

const ids = (list: ReturnType<typeof allowedMethods>) => list.map((m) => m._id);

describe('allowedMethods', () => {
  const de = { country: 'DE', currency: 'EUR', orderType: 'vehicle' as const };

  it('a German bike paid in full: cards and wallets, SEPA, Klarna, Splitit and a bank transfer', () => {
    expect(ids(allowedMethods({ ...de, kind: 'full' }))).toEqual([
      'card',
      'google_pay',
      'apple_pay',
      'sepa',
      'klarna',
      'splitit',
      'bank_transfer',
    ]);
    expect(ids(allowedMethods({ ...de, kind: 'remaining' }))).toEqual(ids(allowedMethods({ ...de, kind: 'full' })));
  });

  it('a deposit is never paid with Klarna or Splitit', () => {
    expect(ids(allowedMethods({ ...de, kind: 'deposit' }))).toEqual([
      'card',
      'google_pay',
      'apple_pay',
      'sepa',
      'bank_transfer',
    ]);
    for (const country of ['DE', 'US', 'GB', 'FR', 'NO']) {
      const list = ids(allowedMethods({ country, currency: 'EUR', kind: 'deposit', orderType: 'vehicle' }));
      expect(list).not.toContain('klarna');
      expect(list).not.toContain('splitit');
    }
  });

  it('a down payment is paid by card only, in every market and for dealers too', () => {
    for (const country of ['DE', 'US', 'GB', 'NO'])
      expect(
        allowedMethods({ country, currency: 'EUR', kind: 'down_payment', orderType: 'vehicle', isDealer: true }),
      ).toEqual([{ _id: 'card', labelKey: 'payment_method_card', requestDownPayment: false }]);
  });

  it('a store order is paid by card or a card wallet (or a SEPA debit in euros), whatever the kind asked', () => {
    for (const kind of ['full', 'deposit', 'remaining'] as const) {
      expect(ids(allowedMethods({ ...de, kind, orderType: 'store', isDealer: true }))).toEqual([
        'card',
        'google_pay',
        'apple_pay',
        'sepa',
      ]);
      expect(ids(allowedMethods({ country: 'US', currency: 'USD', kind, orderType: 'store' }))).toEqual([
        'card',
        'google_pay',
        'apple_pay',
      ]);
      expect(ids(allowedMethods({ country: 'GB', currency: 'GBP', kind, orderType: 'store' }))).toEqual([
        'card',
        'google_pay',
        'apple_pay',
      ]);
    }
  });

  it('US buyers see ACH and financing first; financing asks a down payment; no SEPA in dollars', () => {
    const us = allowedMethods({ country: 'US', currency: 'USD', kind: 'full', orderType: 'vehicle' });
    expect(ids(us)).toEqual([
      'ach',
      'financing',
      'card',
      'google_pay',
      'apple_pay',
      'klarna',
      'splitit',
      'bank_transfer',
    ]);
    expect(us.find((m) => m._id === 'financing')).toEqual({
      _id: 'financing',
      labelKey: 'payment_method_financing',
      requestDownPayment: true,
    });
    expect(us.filter((m) => m._id !== 'financing').every((m) => !m.requestDownPayment)).toBe(true);
    // A deposit is not financed.
    expect(ids(allowedMethods({ country: 'US', currency: 'USD', kind: 'deposit', orderType: 'vehicle' }))).toEqual([
      'ach',
      'card',
      'google_pay',
      'apple_pay',
      'bank_transfer',
    ]);
  });

  it('ACH and financing are US-only', () => {
    for (const country of ['DE', 'GB', 'NO', 'FR', 'CA']) {
      const list = ids(allowedMethods({ country, currency: 'EUR', kind: 'full', orderType: 'vehicle' }));
      expect(list).not.toContain('ach');
      expect(list).not.toContain('financing');
    }
  });

  it('SEPA needs euros', () => {
    expect(ids(allowedMethods({ country: 'GB', currency: 'GBP', kind: 'full', orderType: 'vehicle' }))).not.toContain(
      'sepa',
    );
    expect(ids(allowedMethods({ country: 'FR', currency: 'EUR', kind: 'full', orderType: 'vehicle' }))).toContain(
      'sepa',
    );
  });

  it('Great Britain has its own bank transfer', () => {
    expect(ids(allowedMethods({ country: 'GB', currency: 'GBP', kind: 'full', orderType: 'vehicle' }))).toEqual([
      'card',
      'google_pay',
      'apple_pay',
      'klarna',
      'splitit',
      'bank_transfer_gb',
    ]);
  });

  it('where Stripe offers no virtual account (Norway) the transfer goes to our own account', () => {
    const no = ids(allowedMethods({ country: 'NO', currency: 'NOK', kind: 'full', orderType: 'vehicle' }));
    expect(no).toEqual(['card', 'google_pay', 'apple_pay', 'klarna', 'stark_bank_transfer']);
    expect(no).not.toContain('bank_transfer');
    expect(no).not.toContain('splitit');
  });

  it('dealers may also record a payment at the dealer’s (manual); customers may not', () => {
    expect(ids(allowedMethods({ ...de, kind: 'full', isDealer: true })).at(-1)).toBe('manual');
    expect(ids(allowedMethods({ ...de, kind: 'deposit', isDealer: true }))).toContain('manual');
    expect(ids(allowedMethods({ ...de, kind: 'full' }))).not.toContain('manual');
    expect(ids(allowedMethods({ ...de, kind: 'full', isDealer: false }))).not.toContain('manual');
  });

  it('labels each method with its catalog key', () => {
    for (const m of allowedMethods({ country: 'US', currency: 'USD', kind: 'full', orderType: 'vehicle' }))
      expect(m.labelKey).toBe(`payment_method_${m._id}`);
  });
});

describe('paymentKinds', () => {
  it('nothing paid: full by default, and deposit when the deposit is smaller than the total', () => {
    expect(paymentKinds({ total: 1_490_000, paid: 0, deposit: 50_000 })).toEqual([
      { name: 'full', default: true },
      { name: 'deposit', default: false },
    ]);
  });

  it('no deposit when there is none, or it is not smaller than the total', () => {
    expect(paymentKinds({ total: 10_000, paid: 0, deposit: 0 })).toEqual([{ name: 'full', default: true }]);
    expect(paymentKinds({ total: 10_000, paid: 0, deposit: 10_000 })).toEqual([{ name: 'full', default: true }]);
    expect(paymentKinds({ total: 10_000, paid: 0, deposit: 20_000 })).toEqual([{ name: 'full', default: true }]);
  });

  it('something paid: only the remaining amount', () => {
    expect(paymentKinds({ total: 1_490_000, paid: 50_000, deposit: 50_000 })).toEqual([
      { name: 'remaining', default: true },
    ]);
    expect(paymentKinds({ total: 1_490_000, paid: 1, deposit: 0 })).toEqual([{ name: 'remaining', default: true }]);
  });
});
