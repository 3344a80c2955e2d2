import type { AdminWinner } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { Link, useLoaderData, useLocation } from 'react-router';
import type { z } from 'zod';
import { auctionMoney } from '../features/admin/auction/money.ts';
import { addressLine } from '../features/admin/auction/winners.ts';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { listParams } from '../features/admin/list-params.ts';
import { ListToolbar } from '../features/admin/list-toolbar.tsx';
import { userApi } from '../lib/auth.server.ts';
import { formatUtcDateTime } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/admin-auction-winners';

// An auction's winners in the back office (decision 046): amount, contact, the delivery address they gave; CSV export.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_auction_winners');

export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const { sort, ...query } = listParams(new URL(request.url));
  const sorted = sort === 'number' || sort === 'amount' ? sort : undefined;
  const [auction, winners] = await Promise.all([
    api.call('getAdminAuctionsById', { path: { id: params.id } }),
    api.call('getAdminAuctionsByIdWinners', {
      path: { id: params.id },
      query: { ...query, ...(sorted ? { sort: sorted } : {}) },
    }),
  ]);
  return { auction, winners };
});

type Winner = z.infer<typeof AdminWinner>;

export default function AdminAuctionWinners() {
  const { t } = useTranslation();
  const { auction, winners } = useLoaderData<typeof loader>();
  const localePath = useLocalePath();
  const { search } = useLocation();
  const tag = localeTag(useLocale());
  const exportQuery = new URLSearchParams(search);
  exportQuery.delete('page');
  exportQuery.delete('pageSize');
  exportQuery.set('auction', auction.id);
  const columns: Column<Winner>[] = [
    {
      key: 'number',
      label: t('admin_auction_number'),
      sortable: true,
      numeric: true,
      render: (w) => (
        <Link to={localePath(`/admin/auction/${auction.id}/axes/${w.number}`)} className="underline underline-offset-2">
          {t('auction_axe', { number: w.number })}
        </Link>
      ),
    },
    {
      key: 'amount',
      label: t('admin_auction_amount'),
      sortable: true,
      numeric: true,
      render: (w) => auctionMoney(w.amount, w.currency, tag),
    },
    {
      key: 'winner',
      label: t('admin_auction_contact'),
      render: (w) => (
        <span className="flex flex-col">
          <span>{w.winner.name}</span>
          <a href={`mailto:${w.winner.email}`} className="underline underline-offset-2">
            {w.winner.email}
          </a>
          {w.winner.phone && <span>{w.winner.phone}</span>}
        </span>
      ),
    },
    {
      key: 'address',
      label: t('admin_auction_address'),
      render: (w) => (w.address ? addressLine(w.address) : t('admin_auction_address_missing')),
    },
    {
      key: 'emailedAt',
      label: t('admin_auction_emailed'),
      render: (w) => (w.emailedAt ? formatUtcDateTime(w.emailedAt, tag) : '—'),
    },
  ];
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <Link to={localePath(`/admin/auction/${auction.id}`)} className="text-sm underline underline-offset-4">
          {auction.slug}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">{t('admin_auction_winners')}</h1>
        <p className="text-neutral-700">{t('admin_auction_winners_intro')}</p>
      </header>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ListToolbar searchLabel={t('admin_auction_winners_search')} />
        <a
          href={`${localePath('/admin/export/auction-winners')}?${exportQuery}`}
          className={buttonClass.secondary}
          download
        >
          {t('admin_export_csv')}
        </a>
      </div>
      <DataTable
        caption={t('admin_auction_winners')}
        columns={columns}
        rows={winners.docs}
        rowKey={(w) => String(w.number)}
        total={winners.total}
        page={winners.page}
        pageSize={winners.pageSize}
        empty={t('admin_auction_winners_empty')}
      />
    </div>
  );
}
