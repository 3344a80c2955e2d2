import { money } from '../../../lib/format.ts';

/** An amount of the auction (minor units), or a dash. */
export const auctionMoney = (amount: number | null, currency: string, tag: string) =>
  amount === null ? '—' : money(amount, currency, tag);
