import { describe, expect, it } from 'vitest';
import { type DealerRecord, dealerDirectory, dealerTerms, isApprovedDealer } from './directory.ts';

const dealer = (status: number, marketplace: unknown = null): DealerRecord => ({
  id: `d${status}`,
  status,
  maxDiscountBp: 500,
  marketplace,
});

describe('the dealers directory (decision 033)', () => {
  it('approves only status 1', () => {
    expect([0, 1, 2].map((s) => isApprovedDealer(dealer(s)))).toEqual([false, true, false]);
    expect(isApprovedDealer(null)).toBe(false);
  });

  it('gives terms to an approved dealer only; a margin counts as a positive number', () => {
    expect(dealerTerms(dealer(0, { margin: 10 }))).toBeNull();
    expect(dealerTerms(dealer(1, { margin: 10 }))).toEqual({ margin: 10, maxDiscountBp: 500 });
    for (const marketplace of [null, {}, { margin: 0 }, { margin: -5 }, { margin: '10' }]) {
      expect(dealerTerms(dealer(1, marketplace))).toEqual({ margin: null, maxDiscountBp: 500 });
    }
  });

  it('answers a user’s approved dealer id and terms through the lookup it is given', async () => {
    const rows: Record<string, DealerRecord> = { u1: dealer(1, { margin: 7 }), u2: dealer(2) };
    const directory = dealerDirectory(async (userId) => rows[userId] ?? null);
    expect(await directory.approvedIdOf('u1')).toBe('d1');
    expect(await directory.approvedIdOf('u2')).toBeNull();
    expect(await directory.approvedIdOf('u3')).toBeNull();
    expect(await directory.termsOf('u1')).toEqual({ margin: 7, maxDiscountBp: 500 });
    expect((await directory.ofUser('u2'))?.status).toBe(2);
  });
});
