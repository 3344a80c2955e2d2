import { describe, expect, it } from 'vitest';
import {
  amountForKind,
  canTransition,
  nextStatus,
  normalizePaymentKind,
  PAYMENT_STATUSES,
  PaymentTransitionError,
} from './payment.ts';

describe('payment status machine', () => {
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

  it('never leaves SUCCEEDED, and a repeated event is no change', () => {
    expect(nextStatus('SUCCEEDED', 'SUCCEEDED')).toBe('SUCCEEDED');
    expect(() => nextStatus('SUCCEEDED', 'FAILED')).toThrow(PaymentTransitionError);
    expect(() => nextStatus('SUCCEEDED', 'PROCESSING')).toThrow(PaymentTransitionError);
    expect(nextStatus('REQUIRES_ACTION', 'SUCCEEDED')).toBe('SUCCEEDED');
  });
});

describe('payment kinds', () => {
  it('accepts both spellings of the down payment', () => {
    expect(normalizePaymentKind('downpayment')).toBe('down_payment');
    expect(normalizePaymentKind('down_payment')).toBe('down_payment');
    expect(normalizePaymentKind('full')).toBe('full');
    expect(normalizePaymentKind('half')).toBeNull();
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
});
