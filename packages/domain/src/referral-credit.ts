// The referral programme's store credit (decision 051; /terms/referrals/varg): what a referrer receives when a bike
// bought by the person they referred is paid for in full, and the shape of a referral code.

/** The credit per referred bike order, in minor units of the order's currency (100.00). */
export const REFERRAL_CREDIT = 10_000;

/** Letters and digits without the look-alikes 0/O and 1/I/L. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;

/** A referral code as typed or carried in a link: trimmed and upper-cased, or null when it cannot be one. */
export function normalReferralCode(input: string | null | undefined): string | null {
  const code = (input ?? '').trim().toUpperCase();
  if (code.length !== REFERRAL_CODE_LENGTH) return null;
  return [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : null;
}

/** A new code from random bytes (one per character). */
export function referralCodeFrom(bytes: Uint8Array): string {
  return Array.from(bytes.slice(0, REFERRAL_CODE_LENGTH), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** Whether an order earns its buyer's referrer the credit: a bike order, paid in full. */
export function earnsReferralCredit(order: { type: string; total: number; paid: number; status: string }): boolean {
  return order.type === 'vehicle' && order.status !== 'cancelled' && order.total > 0 && order.paid >= order.total;
}
