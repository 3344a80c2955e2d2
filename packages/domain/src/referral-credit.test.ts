import { describe, expect, it } from 'vitest';
import { earnsReferralCredit, referralCodeOf, referralCodeRange } from './referral-credit.ts';

describe('referral codes (decision 051)', () => {
  it('are the first 40 bits of the id, and read back as the range of ids they stand for', () => {
    const id = '3f9a2c71-b4e0-4d2a-9c3b-0123456789ab';
    const code = referralCodeOf(id);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(referralCodeOf(id)).toBe(code);
    const range = referralCodeRange(` ${code.toLowerCase()} `);
    expect(range).toEqual({
      from: '3f9a2c71-b400-0000-0000-000000000000',
      to: '3f9a2c71-b4ff-ffff-ffff-ffffffffffff',
    });
    expect(referralCodeOf('00000000-0000-4000-8000-000000000000')).toBe('00000000');
    expect(referralCodeRange('OOOOOOOO')?.from).toBe('00000000-0000-0000-0000-000000000000');
  });

  it('refuses what cannot be a code', () => {
    for (const bad of ['', 'ABC', 'ABCDEFGHJ', 'ABCDEFG!', 'ABCDEFGU', null, undefined]) {
      expect(referralCodeRange(bad)).toBeNull();
    }
  });

  it('earns credit only for a bike order paid in full', () => {
    const bike = { type: 'vehicle', total: 1_000_00, paid: 1_000_00, status: 'paid' };
    expect(earnsReferralCredit(bike)).toBe(true);
    expect(earnsReferralCredit({ ...bike, paid: 999_99 })).toBe(false);
    expect(earnsReferralCredit({ ...bike, type: 'store' })).toBe(false);
    expect(earnsReferralCredit({ ...bike, status: 'cancelled' })).toBe(false);
  });
});
