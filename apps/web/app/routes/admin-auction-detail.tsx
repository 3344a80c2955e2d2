import type { AdminAxe } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { data, Link, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { refusal } from '../features/admin/auction/actions.server.ts';
import { auctionValues, batchBody, batchValues } from '../features/admin/auction/batch.ts';
import { BatchForm } from '../features/admin/auction/batch-form.tsx';
import { Facts } from '../features/admin/auction/facts.tsx';
import { auctionMoney } from '../features/admin/auction/money.ts';
import { StatusBadge } from '../features/admin/auction/status-badge.tsx';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { exportTranslator } from '../features/admin/exports.server.ts';
import { listParams } from '../features/admin/list-params.ts';
import { FilterSelect, ListToolbar } from '../features/admin/list-toolbar.tsx';
import { userApi } from '../lib/auth.server.ts';
import { formatUtcDateTime } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/admin-auction-detail';

// One auction in the back office (decision 046): its figures, the batch edited until it starts, its axes, its trail.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_auction_title');

const yesNo = (value: string | undefined) => (value === 'yes' || value === 'no' ? value : undefined);

export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const query = listParams(new URL(request.url), ['featured', 'bids']);
  const { featured, bids, sort, ...rest } = query;
  const sorted = (['number', 'highestAmount', 'bidCount', 'endsAt'] as const).find((s) => s === sort);
  const [auction, axes, trail] = await Promise.all([
    api.call('getAdminAuctionsById', { path: { id: params.id } }),
    api.call('getAdminAuctionsByIdAxes', {
      path: { id: params.id },
      query: {
        ...rest,
        ...(sorted ? { sort: sorted } : {}),
        ...(yesNo(featured) ? { featured: yesNo(featured) } : {}),
        ...(yesNo(bids) ? { bids: yesNo(bids) } : {}),
      },
    }),
    api.call('getAdminAuditByEntityTypeByEntityId', { path: { entityType: 'auction', entityId: params.id } }),
  ]);
  return { auction, axes, trail: trail.docs };
});

export const action = guarded(['admin'], async ({ context, request, params }: Route.ActionArgs) => {
  const values = batchValues(await request.formData());
  const parsed = batchBody(values);
  if ('error' in parsed) return data({ values, error: exportTranslator(context)(parsed.error), saved: false }, 400);
  try {
    await userApi(context, request).call('putAdminAuctionsById', { path: { id: params.id }, body: parsed.body });
    return { values: null, error: null, saved: true };
  } catch (error) {
    const refused = refusal(error);
    return data({ values, error: refused.error, saved: false }, refused.status);
  }
});

export default function AdminAuctionDetail() {
  const { t } = useTranslation();
  const { auction, axes, trail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [search] = useSearchParams();
  const localePath = useLocalePath();
  const tag = localeTag(useLocale());
  const m = (amount: number | null) => auctionMoney(amount, auction.currency, tag);
  const base = `/admin/auction/${auction.id}`;
  const columns: Column<AdminAxe>[] = [
    {
      key: 'number',
      label: t('admin_auction_number'),
      sortable: true,
      numeric: true,
      render: (a) => (
        <Link to={localePath(`${base}/axes/${a.number}`)} className="font-semibold underline underline-offset-2">
          {t('auction_axe', { number: a.number })}
        </Link>
      ),
    },
    { key: 'featured', label: t('admin_auction_featured'), render: (a) => (a.featured ? t('modal_yes') : '') },
    {
      key: 'highestAmount',
      label: t('admin_auction_highest'),
      sortable: true,
      numeric: true,
      render: (a) => m(a.highestAmount),
    },
    { key: 'bidder', label: t('admin_auction_bidder'), render: (a) => a.highestBidder?.email ?? '—' },
    { key: 'bidCount', label: t('admin_auction_bids'), sortable: true, numeric: true, render: (a) => a.bidCount },
    { key: 'endsAt', label: t('admin_auction_ends'), sortable: true, render: (a) => formatUtcDateTime(a.endsAt, tag) },
    {
      key: 'state',
      label: t('admin_auction_state'),
      render: (a) =>
        a.closedAt
          ? a.winner
            ? t('admin_auction_won_by', { email: a.winner.email })
            : t('admin_auction_no_winner')
          : a.ended
            ? t('auction_ended')
            : t('admin_auction_open'),
    },
  ];
  const facts: [string, string][] = [
    [t('admin_auction_starts'), formatUtcDateTime(auction.startsAt, tag)],
    [t('admin_auction_ends'), formatUtcDateTime(auction.endsAt, tag)],
    [t('admin_auction_reserve'), m(auction.reserve)],
    [t('admin_auction_increment'), m(auction.increment)],
    [t('admin_auction_axes'), String(auction.axes)],
    [t('admin_auction_featured'), auction.featured.join(', ') || '—'],
    [t('admin_auction_bids'), String(auction.bids)],
    [t('admin_auction_closed'), String(auction.closed)],
  ];
  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-col gap-2">
        <Link to={localePath('/admin/auction')} className="text-sm underline underline-offset-4">
          {t('admin_auction_back')}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">{auction.slug}</h1>
        <StatusBadge auction={auction} />
      </header>
      {search.get('done') === 'created' && <FormMessage tone="success">{t('admin_auction_created')}</FormMessage>}
      {result?.saved && <FormMessage tone="success">{t('admin_auction_saved')}</FormMessage>}
      <Facts facts={facts}>
        <p>
          <Link to={localePath(`${base}/winners`)} className="font-semibold underline underline-offset-2">
            {t('admin_auction_winners')} ({auction.winners})
          </Link>
        </p>
      </Facts>
      <section aria-labelledby="edit" className="flex flex-col gap-4">
        <h2 id="edit" className="text-xl font-semibold">
          {t('admin_auction_edit')}
        </h2>
        {auction.editable ? (
          <>
            <p className="text-sm text-neutral-700">{t('admin_auction_edit_note')}</p>
            <BatchForm
              key={JSON.stringify(result?.values ?? auction)}
              values={result?.values ?? auctionValues(auction)}
              intent="update"
              submit={t('admin_auction_save')}
              pending={t('admin_auction_saving')}
              error={result?.error}
            />
          </>
        ) : (
          <FormMessage tone="info">{t('admin_auction_locked')}</FormMessage>
        )}
      </section>
      <section aria-labelledby="axes" className="flex flex-col gap-4">
        <h2 id="axes" className="text-xl font-semibold">
          {t('admin_auction_axes')}
        </h2>
        <ListToolbar searchLabel={t('admin_auction_axe_search')}>
          <FilterSelect
            label={t('admin_auction_featured')}
            name="featured"
            options={[
              { value: 'yes', label: t('modal_yes') },
              { value: 'no', label: t('modal_no') },
            ]}
          />
          <FilterSelect
            label={t('admin_auction_with_bids')}
            name="bids"
            options={[
              { value: 'yes', label: t('modal_yes') },
              { value: 'no', label: t('modal_no') },
            ]}
          />
        </ListToolbar>
        <DataTable
          caption={t('admin_auction_axes')}
          columns={columns}
          rows={axes.docs}
          rowKey={(a) => String(a.number)}
          total={axes.total}
          page={axes.page}
          pageSize={axes.pageSize}
          empty={t('admin_auction_axes_empty')}
        />
      </section>
      <AuditTrail entries={trail} />
    </div>
  );
}
