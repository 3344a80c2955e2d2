// The auction (decision 021): the winners chosen once after each axe's end and e-mailed a signed link, the winner's
// address once (it makes the order the winning bid is paid through), and what a winner pays.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Winner, WinnerAddress } from '@varg/contracts';
import {
  chooseWinner,
  formatLocaleSegment,
  formatMoney,
  isAxeNumber,
  localeTag,
  type UiLanguage,
  uiLanguageFrom,
} from '@varg/domain';
import { t } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import { plainEmail } from '../../lib/plain-email.ts';
import type { AuctionContext } from './context.ts';
import type { AuctionRow, AxeRow } from './repo.ts';

export function auctionWinners({ deps, repo, now, auction }: AuctionContext) {
  const { email, publicUrl } = deps;
  const linkKey = createHmac('sha256', deps.signingKey).update('auction-winner-link').digest();
  const sign = (auctionId: string, number: number, userId: string) =>
    createHmac('sha256', linkKey).update(`${auctionId}.${number}.${userId}`).digest('base64url');

  async function winnerAxe(number: number, hash: string) {
    if (!isAxeNumber(number)) throw new ApiError('WINNER_LINK_INVALID');
    const a = await auction();
    const axe = await repo.axe(a.id, number);
    if (!axe?.closedAt || !axe.winnerId || axe.winningAmount === null) throw new ApiError('WINNER_LINK_INVALID');
    const expected = Buffer.from(sign(a.id, number, axe.winnerId));
    const given = Buffer.from(hash);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new ApiError('WINNER_LINK_INVALID');
    return { a, axe, winnerId: axe.winnerId, amount: axe.winningAmount };
  }

  async function winnerView(a: AuctionRow, axe: AxeRow, amount: number): Promise<Winner> {
    const paid = axe.orderId ? (await repo.paidOf(axe.orderId)) >= amount : false;
    return {
      number: axe.number,
      amount,
      currency: a.currency,
      endedAt: (axe.closedAt ?? axe.endsAt).toISOString(),
      addressGiven: axe.addressGivenAt !== null,
      address: (axe.address as WinnerAddress | null) ?? null,
      orderId: axe.orderId,
      paid,
    };
  }

  return {
    /**
     * The winners job: closes every axe whose end passed, once (a second run, or another process, finds them closed),
     * then e-mails each winner not e-mailed yet, in their language, the signed link of their axe.
     */
    async determineWinners(at: Date = now()) {
      const a = await repo.current();
      if (!a) return { closed: 0, winners: 0, mailed: 0 };
      let closed = 0;
      let winners = 0;
      for (const { number } of await repo.dueForClosing(a.id, at)) {
        const done = await repo.close(a.id, number, at, (bids) => chooseWinner(bids, a.reserve));
        if (!done) continue;
        closed += 1;
        if (done.winner) winners += 1;
      }
      let mailed = 0;
      for (const w of await repo.unmailedWinners(a.id)) {
        if (!w.winnerId || w.amount === null || !(await repo.claimWinnerMail(a.id, w.number, at))) continue;
        const lang: UiLanguage = uiLanguageFrom(w.lang) ?? 'en-us';
        const link = `${publicUrl}/${formatLocaleSegment({ lang, country: w.country })}/xmas-auction-winner?number=${w.number}&hash=${sign(a.id, w.number, w.winnerId)}`;
        const price = formatMoney({ amount: w.amount, currency: a.currency }, localeTag({ lang, country: w.country }));
        try {
          await email.send(
            plainEmail(
              lang,
              w.email,
              w.name,
              t(lang, 'auction_winner_email_subject', { number: w.number }),
              [t(lang, 'auction_winner_email_text', { number: w.number, amount: price, link })],
              link,
            ),
          );
          mailed += 1;
        } catch (error) {
          await repo.releaseWinnerMail(a.id, w.number);
          throw error;
        }
      }
      return { closed, winners, mailed };
    },

    /** The winner's page: what was won, and whether the address was given and the bid paid. */
    async winner(number: number, hash: string): Promise<Winner> {
      const { a, axe, amount } = await winnerAxe(number, hash);
      return winnerView(a, axe, amount);
    },

    /**
     * `POST axes/winners/address/{number}/{hash}`: the address, once; it makes the store order of the winning bid (paid
     * through the payments module, `complete-order/{orderId}` or `POST axes/payment_intent`).
     */
    async giveAddress(number: number, hash: string, address: WinnerAddress): Promise<Winner> {
      const { a, axe, winnerId, amount } = await winnerAxe(number, hash);
      if (axe.addressGivenAt) throw new ApiError('WINNER_ADDRESS_GIVEN');
      if (!(await deps.isMarket(address.country))) throw new ApiError('WINNER_ADDRESS_COUNTRY');
      const user = await repo.user(winnerId);
      if (!user) throw new ApiError('WINNER_LINK_INVALID');
      const at = now();
      const shipping = {
        line_1: address.line_1,
        line_2: address.line_2,
        postal_code: address.postal_code,
        city: address.city,
        state: address.state,
        country: address.country,
      };
      const orderId = await repo.giveAddress(
        a.id,
        number,
        address,
        {
          type: 'store',
          userId: winnerId,
          country: address.country,
          currency: a.currency,
          language: user.lang,
          customerType: 'B2C',
          contact: {
            first_name: address.first_name,
            last_name: address.last_name,
            email: user.email,
            phone: address.phone,
          },
          shippingAddress: shipping,
          billing: {
            type: 'person',
            firstName: address.first_name,
            lastName: address.last_name,
            customerTaxId: null,
            address: shipping,
          },
          shippingMethod: 'home_delivery',
          customerOrderReference: `XMAS-AXE-${number}`,
          subtotal: amount,
          shipping: 0,
          fees: 0,
          tax: 0,
          total: amount,
          taxDetails: {
            regime: 'not_collected',
            rateBp: 0,
            reverseCharge: false,
            net: amount,
            displayExcludingTaxes: false,
          },
        },
        {
          type: 'store',
          nameKey: 'auction_axe_line',
          name: `Axe #${number}`,
          quantity: 1,
          unitPrice: amount,
          vatRateBp: 0,
          total: amount,
        },
        at,
      );
      if (!orderId) throw new ApiError('WINNER_ADDRESS_GIVEN');
      const after = await repo.axe(a.id, number);
      return winnerView(a, after ?? axe, amount);
    },

    /**
     * `POST axes/payment_intent {amount, country}`: the caller's won axe of that amount, after the address was given —
     * the order to pay and what is left to pay (the payments module starts the attempt).
     */
    async payable(userId: string, amount: number) {
      const a = await auction();
      const axe = await repo.winOf(a.id, userId, amount);
      if (!axe?.orderId) throw new ApiError('AUCTION_WIN_NOT_FOUND');
      return { orderId: axe.orderId, number: axe.number, amount, currency: a.currency };
    },

    /** Dev/admin: ends an axe now (its end moves to now), for trying the winner's journey. */
    async endAxe(number: number) {
      if (!isAxeNumber(number)) throw new ApiError('AXE_NOT_FOUND');
      const a = await auction();
      return repo.endAxe(a.id, number, now());
    },
  };
}
