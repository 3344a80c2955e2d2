import type { AdminAuction } from '@varg/contracts';
import { localeTag, localizedPath } from '@varg/domain';
import { data, Link, redirect, useActionData, useLoaderData } from 'react-router';
import { refusal } from '../features/admin/auction/actions.server.ts';
import { batchBody, batchValues, NEW_BATCH } from '../features/admin/auction/batch.ts';
import { BatchForm } from '../features/admin/auction/batch-form.tsx';
import { StatusBadge } from '../features/admin/auction/status-badge.tsx';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { exportTranslator } from '../features/admin/exports.server.ts';
import { listParams } from '../features/admin/list-params.ts';
import { FilterSelect, ListToolbar } from '../features/admin/list-toolbar.tsx';
import { userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { formatUtcDateTime } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import type { Route } from './+types/admin-auction';

// The auction's back office (decision 046): every auction, and a new batch of axes scheduled.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_auction_title');

const STATUSES = ['scheduled', 'running', 'ended'] as const;

export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) => {
  const query = listParams(new URL(request.url), ['status']);
  const status = STATUSES.find((s) => s === query.status);
  const { status: _, sort, ...rest } = query;
  const sorted = sort === 'startsAt' || sort === 'endsAt' || sort === 'slug' ? sort : undefined;
  const page = await userApi(context, request).call('getAdminAuctions', {
    query: { ...rest, ...(sorted ? { sort: sorted } : {}), ...(status ? { status } : {}) },
  });
  return { page };
});

export const action = guarded(['admin'], async ({ context, request }: Route.ActionArgs) => {
  const values = batchValues(await request.formData());
  const parsed = batchBody(values);
  if ('error' in parsed) return data({ values, error: exportTranslator(context)(parsed.error) }, 400);
  try {
    const created = await userApi(context, request).call('postAdminAuctions', { body: parsed.body });
    throw redirect(localizedPath(context.get(localeContext), `/admin/auction/${created.id}?done=created`));
  } catch (error) {
    if (error instanceof Response) throw error;
    const refused = refusal(error);
    return data({ values, error: refused.error }, refused.status);
  }
});

export default function AdminAuctions() {
  const { t } = useTranslation();
  const { page } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const localePath = useLocalePath();
  const tag = localeTag(useLocale());
  const columns: Column<AdminAuction>[] = [
    {
      key: 'slug',
      label: t('admin_auction_slug'),
      sortable: true,
      render: (a) => (
        <Link to={localePath(`/admin/auction/${a.id}`)} className="font-semibold underline underline-offset-2">
          {a.slug}
        </Link>
      ),
    },
    { key: 'status', label: t('admin_auction_status'), render: (a) => <StatusBadge auction={a} /> },
    {
      key: 'startsAt',
      label: t('admin_auction_starts'),
      sortable: true,
      render: (a) => formatUtcDateTime(a.startsAt, tag),
    },
    { key: 'endsAt', label: t('admin_auction_ends'), sortable: true, render: (a) => formatUtcDateTime(a.endsAt, tag) },
    { key: 'axes', label: t('admin_auction_axes'), numeric: true, render: (a) => a.axes },
    { key: 'bids', label: t('admin_auction_bids'), numeric: true, render: (a) => a.bids },
    {
      key: 'winners',
      label: t('admin_auction_winners'),
      numeric: true,
      render: (a) => (
        <Link to={localePath(`/admin/auction/${a.id}/winners`)} className="underline underline-offset-2">
          {a.winners}
        </Link>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('admin_auction_title')}</h1>
        <p className="text-neutral-700">{t('admin_auction_intro')}</p>
      </header>
      <section aria-labelledby="auctions" className="flex flex-col gap-4">
        <h2 id="auctions" className="text-xl font-semibold">
          {t('admin_auction_list')}
        </h2>
        <ListToolbar searchLabel={t('admin_auction_slug')}>
          <FilterSelect
            label={t('admin_auction_status')}
            name="status"
            options={STATUSES.map((s) => ({ value: s, label: t(`admin_auction_status_${s}`) }))}
          />
        </ListToolbar>
        <DataTable
          caption={t('admin_auction_list')}
          columns={columns}
          rows={page.docs}
          rowKey={(a) => a.id}
          total={page.total}
          page={page.page}
          pageSize={page.pageSize}
          empty={t('admin_auction_empty')}
        />
      </section>
      <section aria-labelledby="schedule" className="flex flex-col gap-4">
        <h2 id="schedule" className="text-xl font-semibold">
          {t('admin_auction_schedule')}
        </h2>
        <p className="text-sm text-neutral-700">{t('admin_auction_schedule_intro')}</p>
        <BatchForm
          key={JSON.stringify(result?.values ?? NEW_BATCH)}
          values={result?.values ?? NEW_BATCH}
          intent="create"
          submit={t('admin_auction_schedule_submit')}
          pending={t('admin_auction_scheduling')}
          error={result?.error}
        />
      </section>
    </div>
  );
}
