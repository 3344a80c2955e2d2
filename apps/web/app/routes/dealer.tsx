import type { Dealer } from '@varg/contracts';
import { useLoaderData } from 'react-router';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import type { Route } from './+types/dealer';

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location.pathname, 'dealer_title');

/** The dealer's own record (GET dealer/my): status, group, store, invoicing and shipping details. */
export const loader = guarded(['dealer'], async ({ request, context }: Route.LoaderArgs) => {
  const [dealer] = await userApi(context, request).get<Dealer[]>('/v1/dealer/my');
  if (!dealer) throw new Response(null, { status: 404 });
  return { dealer };
});

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="text-neutral-900">{value}</dd>
    </div>
  );
}

/** Invoicing and shipping details as the dealer entered them; their labelled form arrives with dealer editing. */
function Details({ data, empty }: { data: Record<string, unknown>; empty: string }) {
  const values = Object.entries(data).filter(([, v]) => v !== null && v !== '' && typeof v !== 'object');
  if (!values.length) return <p className="text-neutral-600">{empty}</p>;
  return (
    <address className="not-italic">
      {values.map(([k, v]) => (
        <span key={k} className="block">
          {String(v)}
        </span>
      ))}
    </address>
  );
}

export default function DealerProfile() {
  const { t } = useTranslation();
  const { dealer } = useLoaderData<typeof loader>();
  const [lng, lat] = dealer.storeInfo.location.coordinates;
  const active = dealer.status === 1;
  return (
    <div className="flex max-w-3xl flex-col gap-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('dealer_title')}</h1>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${active ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}
        >
          {t(active ? 'dealer_status_active' : 'dealer_status_pending')}
        </span>
      </div>
      <section aria-labelledby="store">
        <h2 id="store" className="text-xl font-semibold">
          {t('dealer_store')}
        </h2>
        <dl className="mt-2 divide-y divide-neutral-200">
          <Row label={t('dealer_store_name')} value={dealer.storeInfo.name || '—'} />
          <Row label={t('dealer_address')} value={dealer.storeInfo.address || '—'} />
          <Row label={t('dealer_phone')} value={dealer.storeInfo.phone || '—'} />
          <Row label={t('dealer_email')} value={dealer.storeInfo.email || '—'} />
          <Row label={t('dealer_location')} value={`${lat.toFixed(4)}, ${lng.toFixed(4)}`} />
          <Row label={t('dealer_group')} value={dealer.group.name || '—'} />
          <Row label={t('dealer_currency')} value={dealer.currency} />
        </dl>
      </section>
      <section aria-labelledby="invoicing">
        <h2 id="invoicing" className="text-xl font-semibold">
          {t('dealer_invoicing')}
        </h2>
        <div className="mt-2">
          <Details data={dealer.invoicing} empty={t('dealer_not_set')} />
        </div>
      </section>
      <section aria-labelledby="shipping">
        <h2 id="shipping" className="text-xl font-semibold">
          {t('dealer_shipping')}
        </h2>
        <div className="mt-2">
          <Details data={dealer.shipping} empty={t('dealer_not_set')} />
        </div>
      </section>
    </div>
  );
}
