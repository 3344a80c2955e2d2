import type { Banner } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { Link, useLoaderData } from 'react-router';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { listParams } from '../features/admin/list-params.ts';
import { FilterSelect, ListToolbar } from '../features/admin/list-toolbar.tsx';
import { userApi } from '../lib/auth.server.ts';
import { formatUtcDateTime } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/admin-alerts';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_alerts');

const STATES = ['live', 'scheduled', 'paused', 'ended'] as const;
const SORTS = ['startsAt', 'endsAt', 'updatedAt'] as const;

/** Site banners (decision 045): what runs where and when, with search, state filter and sort. */
export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) => {
  const { q, page, pageSize, dir, sort, state } = listParams(new URL(request.url), ['state']);
  const query = {
    ...(q ? { q } : {}),
    page,
    pageSize,
    dir,
    ...(sort && (SORTS as readonly string[]).includes(sort) ? { sort: sort as (typeof SORTS)[number] } : {}),
    ...(state && (STATES as readonly string[]).includes(state) ? { state: state as (typeof STATES)[number] } : {}),
  };
  return userApi(context, request).call('getAdminBanners', { query });
});

export function StateBadge({ state }: { state: Banner['state'] }) {
  const { t } = useTranslation();
  const tone = {
    live: 'bg-emerald-100 text-emerald-900',
    scheduled: 'bg-sky-100 text-sky-900',
    paused: 'bg-neutral-200 text-neutral-800',
    ended: 'bg-neutral-100 text-neutral-700',
  }[state];
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{t(`admin_banner_state_${state}`)}</span>
  );
}

export default function AdminAlerts() {
  const { t } = useTranslation();
  const list = useLoaderData<typeof loader>();
  const localePath = useLocalePath();
  const tag = localeTag(useLocale());
  const columns: Column<Banner>[] = [
    {
      key: 'text',
      label: t('admin_banner_text'),
      render: (b) => (
        <Link to={localePath(`/admin/alerts/${b.id}`)} className="font-medium underline-offset-2 hover:underline">
          {b.texts['en-us']}
        </Link>
      ),
    },
    { key: 'state', label: t('admin_banner_state'), render: (b) => <StateBadge state={b.state} /> },
    { key: 'tone', label: t('admin_banner_tone'), render: (b) => t(`admin_banner_tone_${b.tone}`) },
    {
      key: 'markets',
      label: t('admin_nav_markets'),
      render: (b) => (b.countries.length ? b.countries.join(', ') : t('admin_banner_everywhere')),
    },
    {
      key: 'languages',
      label: t('admin_banner_languages'),
      render: (b) => (b.languages.length ? b.languages.join(', ') : t('admin_banner_every_language')),
    },
    {
      key: 'startsAt',
      label: t('admin_banner_starts'),
      sortable: true,
      render: (b) => formatUtcDateTime(b.startsAt, tag),
    },
    {
      key: 'endsAt',
      label: t('admin_banner_ends'),
      sortable: true,
      render: (b) => (b.endsAt ? formatUtcDateTime(b.endsAt, tag) : t('admin_banner_open_ended')),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('admin_nav_alerts')}</h1>
        <Link to={localePath('/admin/alerts/new')} className={buttonClass.primary}>
          {t('admin_banner_new')}
        </Link>
      </div>
      <p className="max-w-3xl text-neutral-700">{t('admin_banner_intro')}</p>
      <ListToolbar searchLabel={t('admin_banner_search')}>
        <FilterSelect
          label={t('admin_banner_state')}
          name="state"
          options={STATES.map((state) => ({ value: state, label: t(`admin_banner_state_${state}`) }))}
        />
      </ListToolbar>
      <DataTable
        caption={t('admin_nav_alerts')}
        columns={columns}
        rows={list.docs}
        rowKey={(b) => b.id}
        total={list.total}
        page={list.page}
        pageSize={list.pageSize}
        empty={t('admin_banner_empty')}
      />
    </div>
  );
}
