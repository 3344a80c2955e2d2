// The referral programme's store credit (decision 051; /terms/referrals/varg): what a referrer receives when a bike
// bought by the person they referred is paid for in full, and the referral code of an account.

/** The credit per referred bike order, in minor units of the order's currency (100.00). */
export const REFERRAL_CREDIT = 10_000;

/** Crockford's base 32: no I, L, O or U; read back, O is 0 and I/L are 1. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;

/**
 * An account's referral code: the first 40 bits of its id in base 32 — the same every time, so reading it writes
 * nothing, and a sign-up finds the account by the range of ids it stands for.
 */
export function referralCodeOf(userId: string): string {
  const bits = BigInt(`0x${userId.replace(/-/g, '').slice(0, 10)}`);
  let code = '';
  for (let i = REFERRAL_CODE_LENGTH - 1; i >= 0; i--) code += CODE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/**
 * The ids a referral code as typed or carried in a link stands for (the lowest and highest UUID with those first
 * 40 bits), or null when it cannot be a code.
 */
export function referralCodeRange(input: string | null | undefined): { from: string; to: string } | null {
  const code = (input ?? '').trim().toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== REFERRAL_CODE_LENGTH) return null;
  let bits = 0n;
  for (const c of code) {
    const value = CODE_ALPHABET.indexOf(c);
    if (value < 0) return null;
    bits = (bits << 5n) | BigInt(value);
  }
  const hex = bits.toString(16).padStart(10, '0');
  const uuid = (rest: string) => {
    const all = hex + rest;
    return `${all.slice(0, 8)}-${all.slice(8, 12)}-${all.slice(12, 16)}-${all.slice(16, 20)}-${all.slice(20)}`;
  };
  return { from: uuid('0'.repeat(22)), to: uuid('f'.repeat(22)) };
}

/** Whether an order earns its buyer's referrer the credit: a bike order, paid in full. */
export function earnsReferralCredit(order: { type: string; total: number; paid: number; status: string }): boolean {
  return order.type === 'vehicle' && order.status !== 'cancelled' && order.total > 0 && order.paid >= order.total;
}
