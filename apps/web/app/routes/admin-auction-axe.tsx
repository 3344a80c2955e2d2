import { localeTag } from '@varg/domain';
import { useEffect, useRef } from 'react';
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { refusal } from '../features/admin/auction/actions.server.ts';
import { Facts } from '../features/admin/auction/facts.tsx';
import { auctionMoney } from '../features/admin/auction/money.ts';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import { DataTable } from '../features/admin/data-table.tsx';
import { exportTranslator } from '../features/admin/exports.server.ts';
import { listParams } from '../features/admin/list-params.ts';
import { userApi } from '../lib/auth.server.ts';
import { formatUtcDateTime } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/admin-auction-axe';

// One axe in the back office (decision 046): feature it, move its end later, close it now (after a confirmation),
// its bids newest first and its trail.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_auction_title');

export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const path = { id: params.id, number: Number(params.number) };
  const { sort, ...query } = listParams(new URL(request.url));
  const sorted = sort === 'amount' || sort === 'at' ? sort : undefined;
  const [detail, bids, trail] = await Promise.all([
    api.call('getAdminAuctionsByIdAxesByNumber', { path }),
    api.call('getAdminAuctionsByIdAxesByNumberBids', {
      path,
      query: { ...query, ...(sorted ? { sort: sorted } : {}) },
    }),
    api.call('getAdminAuditByEntityTypeByEntityId', {
      path: { entityType: 'axe', entityId: `${params.id}:${path.number}` },
    }),
  ]);
  return { ...detail, bids, trail: trail.docs };
});

type Done = 'featured' | 'unfeatured' | 'extended' | 'closed' | 'confirm-close';

export const action = guarded(['admin'], async ({ context, request, params }: Route.ActionArgs) => {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const minutes = String(form.get('minutes') ?? '').trim();
  const path = { id: params.id, number: Number(params.number) };
  const api = userApi(context, request);
  if (!['feature', 'unfeature', 'extend', 'close-review', 'close'].includes(intent))
    return data({ done: null, error: exportTranslator(context)('error_validation'), minutes }, 400);
  try {
    if (intent === 'feature' || intent === 'unfeature') {
      await api.call('patchAdminAuctionsByIdAxesByNumber', { path, body: { featured: intent === 'feature' } });
      return { done: (intent === 'feature' ? 'featured' : 'unfeatured') as Done, error: null, minutes };
    }
    if (intent === 'extend') {
      await api.call('postAdminAuctionsByIdAxesByNumberExtend', { path, body: { minutes: Number(minutes) } });
      return { done: 'extended' as Done, error: null, minutes: '' };
    }
    if (intent === 'close-review') return { done: 'confirm-close' as Done, error: null, minutes };
    await api.call('postAdminAuctionsByIdAxesByNumberClose', { path });
    return { done: 'closed' as Done, error: null, minutes };
  } catch (error) {
    const refused = refusal(error);
    return data({ done: null, error: refused.error, minutes }, refused.status);
  }
});

export default function AdminAuctionAxe() {
  const { t } = useTranslation();
  const { auction, axe, bids, trail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const localePath = useLocalePath();
  const tag = localeTag(useLocale());
  const m = (amount: number | null) => auctionMoney(amount, auction.currency, tag);
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const confirming = result?.done === 'confirm-close' && navigation.state === 'idle' && !axe.closedAt;
  const confirmRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const open = !axe.closedAt && !axe.ended;
  const facts: [string, string][] = [
    [t('admin_auction_ends'), formatUtcDateTime(axe.endsAt, tag)],
    [t('admin_auction_highest'), m(axe.highestAmount)],
    [t('admin_auction_bidder'), axe.highestBidder ? `${axe.highestBidder.name} · ${axe.highestBidder.email}` : '—'],
    [t('admin_auction_bids'), String(axe.bidCount)],
    [t('admin_auction_featured'), axe.featured ? t('modal_yes') : t('modal_no')],
    [
      t('admin_auction_state'),
      axe.closedAt
        ? `${t('admin_auction_closed')} · ${formatUtcDateTime(axe.closedAt, tag)}`
        : axe.ended
          ? t('auction_ended')
          : t('admin_auction_open'),
    ],
    [
      t('admin_auction_winner'),
      axe.winner
        ? `${axe.winner.name} · ${axe.winner.email} · ${m(axe.winningAmount)}`
        : axe.closedAt
          ? t('admin_auction_no_winner')
          : '—',
    ],
  ];
  const messages: Record<Exclude<Done, 'confirm-close'>, string> = {
    featured: t('admin_auction_featured_done'),
    unfeatured: t('admin_auction_unfeatured_done'),
    extended: t('admin_auction_extended', { when: formatUtcDateTime(axe.endsAt, tag) }),
    closed: t('admin_auction_closed_done'),
  };
  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-col gap-2">
        <Link to={localePath(`/admin/auction/${auction.id}`)} className="text-sm underline underline-offset-4">
          {auction.slug}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">{t('auction_axe', { number: axe.number })}</h1>
      </header>
      {result?.done && result.done !== 'confirm-close' && (
        <FormMessage tone="success">{messages[result.done]}</FormMessage>
      )}
      {result?.error && <FormMessage tone="error">{result.error}</FormMessage>}
      <Facts facts={facts} />
      <section aria-labelledby="actions" className="flex flex-col gap-4">
        <h2 id="actions" className="text-xl font-semibold">
          {t('admin_auction_actions')}
        </h2>
        <Form method="post">
          <input type="hidden" name="intent" value={axe.featured ? 'unfeature' : 'feature'} />
          <button type="submit" className={buttonClass.secondary} disabled={busy('feature') || busy('unfeature')}>
            {axe.featured ? t('admin_auction_unfeature') : t('admin_auction_feature')}
          </button>
        </Form>
        {open && (
          <Form method="post" className="flex flex-wrap items-start gap-3">
            <input type="hidden" name="intent" value="extend" />
            <Field
              label={t('admin_auction_extend_minutes')}
              name="minutes"
              type="number"
              min={1}
              max={10080}
              required
              defaultValue={result?.done === 'extended' ? '' : (result?.minutes ?? '')}
              hint={t('admin_auction_extend_hint')}
            />
            {/* Level with the input, above its hint. */}
            <button type="submit" className={`${buttonClass.primary} mt-[1.8rem]`} disabled={busy('extend')}>
              {t('admin_auction_extend')}
            </button>
          </Form>
        )}
        {!axe.closedAt &&
          auction.status !== 'scheduled' &&
          (confirming ? (
            <Form method="post" className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
              <h3 ref={confirmRef} tabIndex={-1} className="font-semibold">
                {t('admin_auction_close_title', { number: axe.number })}
              </h3>
              <p className="text-sm">{t('admin_auction_close_text')}</p>
              <div className="flex flex-wrap gap-2">
                <button
                  type="submit"
                  name="intent"
                  value="close"
                  className={buttonClass.primary}
                  disabled={busy('close')}
                >
                  {t('admin_auction_close_yes')}
                </button>
                <Link to="." className={buttonClass.secondary}>
                  {t('cards_delete_cancel')}
                </Link>
              </div>
            </Form>
          ) : (
            <Form method="post">
              <button type="submit" name="intent" value="close-review" className={buttonClass.secondary}>
                {t('admin_auction_close')}
              </button>
            </Form>
          ))}
      </section>
      <section aria-labelledby="bids" className="flex flex-col gap-4">
        <h2 id="bids" className="text-xl font-semibold">
          {t('admin_auction_bids')}
        </h2>
        <DataTable
          caption={t('admin_auction_bids')}
          columns={[
            {
              key: 'at',
              label: t('admin_auction_bid_time'),
              sortable: true,
              render: (b) => formatUtcDateTime(b.at, tag),
            },
            {
              key: 'amount',
              label: t('admin_auction_amount'),
              sortable: true,
              numeric: true,
              render: (b) => m(b.amount),
            },
            {
              key: 'bidder',
              label: t('admin_auction_bidder'),
              render: (b) => (b.bidder ? `${b.bidder.name} · ${b.bidder.email}` : '—'),
            },
          ]}
          rows={bids.docs}
          rowKey={(b) => b._id}
          total={bids.total}
          page={bids.page}
          pageSize={bids.pageSize}
          empty={t('admin_auction_bids_empty')}
        />
      </section>
      <AuditTrail entries={trail} />
    </div>
  );
}
