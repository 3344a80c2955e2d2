import type { Axe } from '@varg/contracts';
import {
  AXE_MAX,
  AXE_MIN,
  axePageStart,
  clampAxeNumber,
  localizedPath,
  parseBidAmount,
  stepAxeNumber,
} from '@varg/domain';
import { useMemo } from 'react';
import { data, Link, redirect, useLoaderData } from 'react-router';
import {
  type AuctionActionData,
  AxeCard,
  AxeDetail,
  AxePicker,
  OutbidNotices,
} from '../features/auction/axe-views.tsx';
import { useLiveAxes } from '../features/auction/live.ts';
import { isApiRequestError } from '../lib/api.ts';
import { AUCTION_BROWSER_PATHS } from '../lib/api-paths.ts';
import { authContext, userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
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
    // A batch may have fewer than 1000 axes (decision 046): a number past its last shows the first axe.
    api.call('getAxesBidsHighestsById', { path: { id: number } }).catch((error: unknown) => {
      if (number === AXE_MIN || !isApiRequestError(error) || error.code !== 'AXE_NOT_FOUND') throw error;
      throw redirect(localizedPath(context.get(localeContext), '/xmas-auction'));
    }),
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

export async function action({ request, context }: Route.ActionArgs) {
  const locale = context.get(localeContext);
  const form = await request.formData();
  const number = clampAxeNumber(form.get('axe'));
  if (!context.get(authContext).user)
    throw redirect(localizedPath(locale, `/login?from=${encodeURIComponent(`/xmas-auction?axe=${number}`)}`));
  const amount = parseBidAmount(String(form.get('amount') ?? ''));
  if (amount === null)
    return data<AuctionActionData>({ step: 'error', number, amount: null, error: 'error_bid_amount_invalid' }, 400);
  if (form.get('intent') !== 'confirm') return { step: 'confirm', number, amount, error: null } as AuctionActionData;
  try {
    await userApi(context, request).call('postAxesBidById', { path: { id: number }, body: { amount } });
    return { step: 'placed', number, amount, error: null } as AuctionActionData;
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data<AuctionActionData>({ step: 'error', number, amount, error: error.message }, error.status);
  }
}

export default function XmasAuction() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const localePath = useLocalePath();
  const initial = useMemo(
    () => [loaded.chosen.axe, ...loaded.featured, ...loaded.range, ...loaded.free.docs],
    [loaded],
  );
  const sources = [
    AUCTION_BROWSER_PATHS.highestBids(loaded.number),
    AUCTION_BROWSER_PATHS.featured,
    AUCTION_BROWSER_PATHS.range(loaded.from, loaded.to),
  ];
  const live = useLiveAxes(initial, loaded.chosen.bids, loaded.serverTime, sources);
  const axe = live.axes.get(loaded.number) ?? loaded.chosen.axe;
  const link = (to: { axe?: number; from?: number; free?: number }) => {
    const q = new URLSearchParams({
      axe: String(to.axe ?? loaded.number),
      from: String(to.from ?? loaded.from),
      free: String(to.free ?? loaded.free.page),
    });
    return `${localePath('/xmas-auction')}?${q}`;
  };
  const card = (a: Axe) => <AxeCard key={a.number} axe={a} live={live} href={`${link({ axe: a.number })}#axe`} />;
  const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6';
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('auction_title')}</h1>
        <p className="text-neutral-700">{t('auction_intro')}</p>
        <p className="text-sm text-neutral-600">{t('auction_currency_note')}</p>
        <p className="text-sm text-neutral-600">{t('auction_live_note')}</p>
      </header>

      <OutbidNotices live={live} hrefOf={(number) => `${link({ axe: number })}#axe`} />

      <section aria-labelledby="auction-find" className="flex flex-col gap-4">
        <h2 id="auction-find" className="text-xl font-semibold">
          {t('auction_find')}
        </h2>
        <AxePicker number={loaded.number} />
        <AxeDetail axe={axe} live={live} signedIn={loaded.signedIn} cancelHref={`${link({})}#axe`} />
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
