// The auction page's parts (decision 021): an axe's card in a grid, the number picker, the outbid notices, and the
// chosen axe with its bid history and the bid → confirm → placed forms.
import type { Axe } from '@varg/contracts';
import { AXE_MAX, AXE_MIN, clampAxeNumber } from '@varg/domain';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { decimalOf, money, useLocaleTag } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';
import { FormMessage } from '../../ui/field.tsx';
import { closesIn, type useLiveAxes } from './live.ts';

type Live = ReturnType<typeof useLiveAxes>;

/** What the auction page's action answers: the bid to confirm, the bid placed, or why not. */
export type AuctionActionData =
  | { step: 'confirm'; number: number; amount: number; error: null }
  | { step: 'placed'; number: number; amount: number; error: null }
  | { step: 'error'; number: number; amount: number | null; error: string };

/** Money in the page's locale; the auction's bids are in euros unless they say otherwise. */
function useMoney() {
  const tag = useLocaleTag();
  return (amount: number, currency = 'EUR') => money(amount, currency, tag);
}

export function AxeCard({ axe, live, href }: { axe: Axe; live: Live; href: string }) {
  const { t } = useTranslation();
  const tag = useLocaleTag();
  const m = useMoney();
  const current = live.axes.get(axe.number) ?? axe;
  return (
    <li>
      <Link
        to={href}
        className={`flex h-full flex-col gap-1 rounded-xl border p-3 hover:border-neutral-900 focus-visible:outline-2 focus-visible:outline-neutral-900 ${
          current.yours ? 'border-lime-500 bg-lime-50' : 'border-neutral-200 bg-white'
        }`}
      >
        <span className="text-lg font-bold">
          <span aria-hidden="true">#{axe.number}</span>
          <span className="sr-only">{t('auction_axe', { number: axe.number })}</span>
        </span>
        <span className="text-sm" data-testid={`axe-${axe.number}-highest`}>
          {current.highestBid ? m(current.highestBid.amount, current.highestBid.currency) : t('auction_no_bids')}
        </span>
        <span className="text-xs text-neutral-600">
          {current.ended ? t('auction_ended') : t('auction_closes', { when: closesIn(current.endsAt, live.now, tag) })}
        </span>
      </Link>
    </li>
  );
}

/** The axe number picker: − and + step the number typed, within 1 and 1000. */
export function AxePicker({ number }: { number: number }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(String(number));
  useEffect(() => setTyped(String(number)), [number]);
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" preventScrollReset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="auction-number" className="text-sm font-medium text-neutral-800">
          {t('auction_number')}
        </label>
        <div className="flex items-center gap-1">
          <button
            type="submit"
            name="step"
            value="-1"
            aria-label={t('auction_number_down')}
            className="h-11 w-11 rounded-full border border-neutral-300 bg-white text-lg font-bold hover:bg-neutral-50"
          >
            −
          </button>
          <input
            id="auction-number"
            name="axe"
            type="number"
            inputMode="numeric"
            min={AXE_MIN}
            max={AXE_MAX}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onBlur={() => setTyped(String(clampAxeNumber(typed)))}
            className="w-28 rounded-lg border border-neutral-300 bg-white px-3 py-2.5 text-center"
          />
          <button
            type="submit"
            name="step"
            value="1"
            aria-label={t('auction_number_up')}
            className="h-11 w-11 rounded-full border border-neutral-300 bg-white text-lg font-bold hover:bg-neutral-50"
          >
            +
          </button>
        </div>
      </div>
      <button type="submit" className={buttonClass.primary}>
        {t('auction_show')}
      </button>
    </Form>
  );
}

/** Outbid notices from the live polls, each with a link to bid again. */
export function OutbidNotices({ live, hrefOf }: { live: Live; hrefOf: (number: number) => string }) {
  const { t } = useTranslation();
  const m = useMoney();
  return (
    <div aria-live="polite" className="flex flex-col gap-2">
      {live.outbid.map((o) => (
        <div
          key={o.number}
          className="flex items-start justify-between gap-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <p>
            {t('auction_outbid', { number: o.number, amount: m(o.amount, o.currency) })}{' '}
            <Link className="font-semibold underline" to={hrefOf(o.number)}>
              {t('auction_bid_on', { number: o.number })}
            </Link>
          </p>
          <button type="button" className="underline" onClick={() => live.dismiss(o.number)}>
            {t('modal_close')}
          </button>
        </div>
      ))}
    </div>
  );
}

/** The chosen axe: highest bid, time left, history, and bidding (sign in, bid, confirm). */
export function AxeDetail({
  axe,
  live,
  signedIn,
  cancelHref,
}: {
  axe: Axe;
  live: Live;
  signedIn: boolean;
  /** Back to the page without the bid to confirm. */
  cancelHref: string;
}) {
  const { t } = useTranslation();
  const tag = useLocaleTag();
  const m = useMoney();
  const localePath = useLocalePath();
  const result = useActionData<AuctionActionData>();
  const navigation = useNavigation();
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const confirming = result?.step === 'confirm' && result.number === axe.number && navigation.state === 'idle';
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const minimum = axe.minimumBid;
  const error = result?.step === 'error' && result.number === axe.number ? result.error : null;
  return (
    <article
      id="axe"
      aria-labelledby="axe-title"
      className="grid gap-6 rounded-2xl border border-neutral-200 bg-white p-5 md:grid-cols-2"
    >
      <div className="flex flex-col gap-3">
        <h3 id="axe-title" className="text-2xl font-bold">
          {t('auction_axe', { number: axe.number })}
        </h3>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-neutral-600">{t('auction_highest_bid')}</dt>
          <dd className="font-semibold" data-testid="chosen-highest">
            {axe.highestBid
              ? `${m(axe.highestBid.amount, axe.highestBid.currency)} · ${axe.highestBid.bidder}`
              : t('auction_no_bids')}
          </dd>
        </dl>
        <p className="text-sm text-neutral-700">
          {t('auction_bids_count', { count: axe.bidCount })} ·{' '}
          {axe.ended ? t('auction_ended') : t('auction_closes', { when: closesIn(axe.endsAt, live.now, tag) })}
        </p>
        {axe.yours && <FormMessage tone="success">{t('auction_you_lead')}</FormMessage>}
        {live.bids.length > 0 && (
          <div>
            <h4 className="text-sm font-semibold">{t('auction_bid_history')}</h4>
            <ol className="mt-1 flex flex-col gap-1 text-sm text-neutral-700">
              {live.bids.map((b) => (
                <li key={`${b.at}-${b.amount}`}>
                  {m(b.amount, b.currency)} · {b.bidder}
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
      <div className="flex flex-col gap-3">
        {result?.step === 'placed' && result.number === axe.number && (
          <FormMessage tone="success">
            {t('auction_bid_placed', { amount: m(result.amount), number: result.number })}
          </FormMessage>
        )}
        {error && <FormMessage tone="error">{t(error)}</FormMessage>}
        {axe.ended ? null : !signedIn ? (
          <Link
            to={localePath(`/login?from=${encodeURIComponent(`/xmas-auction?axe=${axe.number}`)}`)}
            className={`${buttonClass.primary} self-start`}
          >
            {t('auction_sign_in')}
          </Link>
        ) : confirming && result?.step === 'confirm' ? (
          <Form method="post" className="flex flex-col gap-3" preventScrollReset>
            <h4 ref={confirmRef} tabIndex={-1} className="text-lg font-semibold">
              {t('auction_confirm_title')}
            </h4>
            <p>{t('auction_confirm_text', { amount: m(result.amount), number: axe.number })}</p>
            <input type="hidden" name="axe" value={axe.number} />
            <input type="hidden" name="amount" value={decimalOf(result.amount)} />
            <div className="flex flex-wrap gap-2">
              <button
                type="submit"
                name="intent"
                value="confirm"
                className={buttonClass.primary}
                disabled={navigation.state !== 'idle'}
              >
                {t('auction_confirm')}
              </button>
              <Link to={cancelHref} className={buttonClass.secondary} preventScrollReset>
                {t('cards_delete_cancel')}
              </Link>
            </div>
          </Form>
        ) : (
          <Form method="post" className="flex flex-col gap-2" preventScrollReset>
            <input type="hidden" name="axe" value={axe.number} />
            <label htmlFor="auction-amount" className="text-sm font-medium text-neutral-800">
              {t('auction_your_bid')}
            </label>
            <input
              id="auction-amount"
              name="amount"
              inputMode="decimal"
              required
              aria-describedby="auction-minimum"
              defaultValue={(minimum / 100).toFixed(0)}
              key={`${axe.number}-${minimum}`}
              className="w-40 rounded-lg border border-neutral-300 bg-white px-3 py-2.5"
            />
            <p id="auction-minimum" className="text-xs text-neutral-600">
              {t('auction_minimum_bid', { amount: m(minimum) })}
            </p>
            <button
              type="submit"
              name="intent"
              value="review"
              className={`${buttonClass.primary} self-start`}
              disabled={navigation.state !== 'idle' || axe.yours}
            >
              {t('auction_place_bid')}
            </button>
          </Form>
        )}
      </div>
    </article>
  );
}
