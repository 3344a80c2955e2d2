import { localeTag } from '@varg/domain';
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { formatOrderDay } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/admin-deliveries';

// Administrators hand bikes over: a vehicle order paid in full is marked delivered, and each of its bikes becomes a
// vehicle in the buyer's garage (docs/decisions/018-vehicles.md).

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'deliveries_title');

export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) => {
  const { docs } = await userApi(context, request).call('getVehiclesDeliveries');
  return { deliveries: docs };
});

export const action = guarded(['admin'], async ({ context, request }: Route.ActionArgs) => {
  const form = await request.formData();
  const orderId = String(form.get('orderId') ?? '');
  const vin = String(form.get('vin') ?? '').trim();
  try {
    const made = await userApi(context, request).call('postVehiclesDeliver', {
      body: { orderId, ...(vin ? { vins: [vin] } : {}) },
    });
    return { orderId, ok: true as const, vins: made.vehicles.map((v) => v.vin) };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data({ orderId, ok: false as const, error: error.message }, error.status);
  }
});

export default function AdminDeliveries() {
  const { t } = useTranslation();
  const { deliveries } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const locale = useLocale();
  const localePath = useLocalePath();
  const tag = localeTag(locale);
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <Link to={localePath('/admin')} className="text-sm underline underline-offset-4">
          {t('admin_title')}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">{t('deliveries_title')}</h1>
        <p className="text-neutral-700">{t('deliveries_intro')}</p>
      </header>
      {result?.ok && <FormMessage tone="success">{t('deliveries_done', { vins: result.vins.join(', ') })}</FormMessage>}
      {result && !result.ok && <FormMessage tone="error">{result.error}</FormMessage>}
      {deliveries.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-neutral-300 p-8 text-neutral-700">
          {t('deliveries_empty')}
        </p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white">
          {deliveries.map((d) => {
            const busy = navigation.state === 'submitting' && navigation.formData?.get('orderId') === d.orderId;
            return (
              <li key={d.orderId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:justify-between">
                <div className="text-sm">
                  <p className="text-base font-semibold">{t('deliveries_order', { number: d.orderNumber })}</p>
                  <p>
                    {d.buyer.name} · {d.buyer.email}
                  </p>
                  <p className="text-neutral-600">
                    {countryName(d.country, locale, d.country)} · {formatOrderDay(d.createdAt, tag)} ·{' '}
                    {t('deliveries_bikes', { delivered: d.delivered, count: d.bikes })}
                  </p>
                </div>
                <Form method="post" className="flex flex-wrap items-end gap-3">
                  <input type="hidden" name="orderId" value={d.orderId} />
                  {d.bikes - d.delivered === 1 && (
                    <Field
                      label={t('deliveries_vin')}
                      name="vin"
                      maxLength={24}
                      hint={t('deliveries_vin_hint')}
                      autoCapitalize="characters"
                    />
                  )}
                  <button
                    type="submit"
                    className={buttonClass.primary}
                    disabled={busy}
                    aria-label={`${t('deliveries_mark')}: ${t('deliveries_order', { number: d.orderNumber })}`}
                  >
                    {t('deliveries_mark')}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
