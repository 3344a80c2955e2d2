import type { Axe } from '@varg/contracts';
import {
  AXE_MAX,
  AXE_MIN,
  axePageStart,
  clampAxeNumber,
  formatLocaleSegment,
  localizedPath,
  parseBidAmount,
  stepAxeNumber,
} from '@varg/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { closesIn, useLiveAxes } from '../features/auction/live.ts';
import { isApiRequestError } from '../lib/api.ts';
import { authContext, userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { money } from '../lib/format.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/xmas-auction';

// Spec: /xmas-auction — the numbered-axe auction (sections 1, 3, 7 "axes/*", 9; decision 021): find an axe by number
// (1 to 1000, starting at 1), featured axes, axes without bids, every axe's highest bid and time left, live while open.
// Bidding asks to sign in, then to confirm; outbid notices come from the live polls.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'auction_title', { descriptionKey: 'auction_intro', index: true });

const PAGE = 24;

const positive = (value: string | null, max: number) =>
  Math.min(max, Math.max(1, Number.parseInt(value ?? '', 10) || 1));

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The picker's − and + submit `step` with the number typed: the result stays within 1 and 1000.
  const step = url.searchParams.get('step');
  const typed = url.searchParams.get('axe') ?? AXE_MIN;
  const number = step === '-1' || step === '1' ? stepAxeNumber(typed, step === '1' ? 1 : -1) : clampAxeNumber(typed);
  const from = axePageStart(Number(url.searchParams.get('from') ?? number), PAGE);
  const to = Math.min(AXE_MAX, from + PAGE - 1);
  const freePage = positive(url.searchParams.get('free'), 42);
  const api = userApi(context, request);
  const [chosen, featured, range, free] = await Promise.all([
    api.call('getAxesBidsHighestsById', { path: { id: number } }),
    api.call('getAxesBidsFeaturedById', { path: { id: 1 } }),
    api.call('getAxesByAByB', { path: { a: from, b: to } }),
    api.call('getAxesWoBidsByAByBByC', { path: { a: AXE_MIN, b: AXE_MAX, c: freePage } }),
  ]);
  return {
    number,
    from,
    to,
    chosen,
    featured: featured.docs,
    range: range.docs,
    free,
    serverTime: range.serverTime,
    signedIn: Boolean(context.get(authContext).user),
  };
}

type ActionResult =
  | { step: 'confirm'; number: number; amount: number; error: null }
  | { step: 'placed'; number: number; amount: number; error: null }
  | { step: 'error'; number: number; amount: number | null; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const locale = context.get(localeContext);
  const form = await request.formData();
  const number = clampAxeNumber(form.get('axe'));
  if (!context.get(authContext).user)
    throw redirect(localizedPath(locale, `/login?from=${encodeURIComponent(`/xmas-auction?axe=${number}`)}`));
  const amount = parseBidAmount(String(form.get('amount') ?? ''));
  if (amount === null)
    return data<ActionResult>({ step: 'error', number, amount: null, error: 'error_bid_amount_invalid' }, 400);
  if (form.get('intent') !== 'confirm') return { step: 'confirm', number, amount, error: null } as ActionResult;
  try {
    await userApi(context, request).call('postAxesBidById', { path: { id: number }, body: { amount } });
    return { step: 'placed', number, amount, error: null } as ActionResult;
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data<ActionResult>({ step: 'error', number, amount, error: error.message }, error.status);
  }
}

export default function XmasAuction() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const locale = useLocale();
  const localePath = useLocalePath();
  const tag = formatLocaleSegment(locale);
  const m = (amount: number, currency = 'EUR') => money(amount, currency, tag);
  const initial = useMemo(
    () => [loaded.chosen.axe, ...loaded.featured, ...loaded.range, ...loaded.free.docs],
    [loaded],
  );
  const sources = [
    `/v1/axes/bids/highests/${loaded.number}`,
    '/v1/axes/bids/featured/1',
    `/v1/axes/${loaded.from}/${loaded.to}`,
  ];
  const live = useLiveAxes(initial, loaded.chosen.bids, loaded.serverTime, sources);
  const axe = live.axes.get(loaded.number) ?? loaded.chosen.axe;
  const [typed, setTyped] = useState(String(loaded.number));
  useEffect(() => setTyped(String(loaded.number)), [loaded.number]);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const confirming = result?.step === 'confirm' && result.number === loaded.number && navigation.state === 'idle';
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const link = (to: { axe?: number; from?: number; free?: number }) => {
    const q = new URLSearchParams({
      axe: String(to.axe ?? loaded.number),
      from: String(to.from ?? loaded.from),
      free: String(to.free ?? loaded.free.page),
    });
    return `${localePath('/xmas-auction')}?${q}`;
  };
  const card = (a: Axe) => {
    const current = live.axes.get(a.number) ?? a;
    return (
      <li key={a.number}>
        <Link
          to={`${link({ axe: a.number })}#axe`}
          className={`flex h-full flex-col gap-1 rounded-xl border p-3 hover:border-neutral-900 focus-visible:outline-2 focus-visible:outline-neutral-900 ${
            current.yours ? 'border-lime-500 bg-lime-50' : 'border-neutral-200 bg-white'
          }`}
        >
          <span className="text-lg font-bold">
            <span aria-hidden="true">#{a.number}</span>
            <span className="sr-only">{t('auction_axe', { number: a.number })}</span>
          </span>
          <span className="text-sm" data-testid={`axe-${a.number}-highest`}>
            {current.highestBid ? m(current.highestBid.amount, current.highestBid.currency) : t('auction_no_bids')}
          </span>
          <span className="text-xs text-neutral-600">
            {current.ended
              ? t('auction_ended')
              : t('auction_closes', { when: closesIn(current.endsAt, live.now, tag) })}
          </span>
        </Link>
      </li>
    );
  };
  const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6';
  const minimum = axe.minimumBid;
  const error = result?.step === 'error' && result.number === loaded.number ? result.error : null;
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('auction_title')}</h1>
        <p className="text-neutral-700">{t('auction_intro')}</p>
        <p className="text-sm text-neutral-600">{t('auction_currency_note')}</p>
        <p className="text-sm text-neutral-600">{t('auction_live_note')}</p>
      </header>

      <div aria-live="polite" className="flex flex-col gap-2">
        {live.outbid.map((o) => (
          <div
            key={o.number}
            className="flex items-start justify-between gap-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          >
            <p>
              {t('auction_outbid', { number: o.number, amount: m(o.amount, o.currency) })}{' '}
              <Link className="font-semibold underline" to={`${link({ axe: o.number })}#axe`}>
                {t('auction_bid_on', { number: o.number })}
              </Link>
            </p>
            <button type="button" className="underline" onClick={() => live.dismiss(o.number)}>
              {t('modal_close')}
            </button>
          </div>
        ))}
      </div>

      <section aria-labelledby="auction-find" className="flex flex-col gap-4">
        <h2 id="auction-find" className="text-xl font-semibold">
          {t('auction_find')}
        </h2>
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
            {axe.ended ? null : !loaded.signedIn ? (
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
                <input type="hidden" name="amount" value={(result.amount / 100).toFixed(2)} />
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
                  <Link to={`${link({})}#axe`} className={buttonClass.secondary} preventScrollReset>
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
      </section>

      <section aria-labelledby="auction-featured" className="flex flex-col gap-3">
        <h2 id="auction-featured" className="text-xl font-semibold">
          {t('auction_featured')}
        </h2>
        <ul className={grid}>{loaded.featured.map(card)}</ul>
      </section>

      <section aria-labelledby="auction-all" className="flex flex-col gap-3">
        <h2 id="auction-all" className="text-xl font-semibold">
          {t('auction_browse')} <span className="text-neutral-500">{`${loaded.from}–${loaded.to}`}</span>
        </h2>
        <ul className={grid}>{loaded.range.map(card)}</ul>
        <nav className="flex gap-2" aria-label={t('auction_browse')}>
          {loaded.from > AXE_MIN && (
            <Link to={link({ from: loaded.from - PAGE })} className={buttonClass.secondary} preventScrollReset>
              {t('store_page_previous')}
            </Link>
          )}
          {loaded.to < AXE_MAX && (
            <Link to={link({ from: loaded.to + 1 })} className={buttonClass.secondary} preventScrollReset>
              {t('store_page_next')}
            </Link>
          )}
        </nav>
      </section>

      <section aria-labelledby="auction-free" className="flex flex-col gap-3">
        <h2 id="auction-free" className="text-xl font-semibold">
          {t('auction_without_bids')}
        </h2>
        <ul className={grid}>{loaded.free.docs.map(card)}</ul>
        <nav className="flex gap-2" aria-label={t('auction_without_bids')}>
          {loaded.free.hasPrevPage && (
            <Link to={link({ free: loaded.free.page - 1 })} className={buttonClass.secondary} preventScrollReset>
              {t('store_page_previous')}
            </Link>
          )}
          {loaded.free.hasNextPage && (
            <Link to={link({ free: loaded.free.page + 1 })} className={buttonClass.secondary} preventScrollReset>
              {t('store_page_next')}
            </Link>
          )}
        </nav>
      </section>
    </main>
  );
}
