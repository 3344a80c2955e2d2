import type { McoVehicle } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { data, Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { formatIsoDate } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale } from '../lib/use-locale.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/mco-finder';

// The registration office's finder (spec sections 2, 5, 6: mco only, others 403): a vehicle by VIN or order number,
// its registration data, "mark as registered", and the queue of vehicles awaiting registration.

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location.pathname, 'mco_title');

export const loader = guarded(['mco'], async ({ context, request }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const q = new URL(request.url).searchParams.get('q')?.trim().slice(0, 40) ?? '';
  const [queue, found] = await Promise.all([
    api.call('getVehiclesMco'),
    q ? api.call('getVehiclesMcoById', { path: { id: q } }) : null,
  ]);
  return { q, queue: queue.docs, found: found?.docs ?? null };
});

export const action = guarded(['mco'], async ({ context, request }: Route.ActionArgs) => {
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const registrationNumber = String(form.get('registrationNumber') ?? '').trim();
  try {
    const vehicle = await userApi(context, request).call('putVehiclesMcoByIdRegistered', {
      path: { id },
      body: { registrationNumber },
    });
    return { id, ok: true as const, vin: vehicle.vin, plate: vehicle.registrationNumber ?? '' };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data(
      { id, ok: false as const, error: error.code === 'VALIDATION_ERROR' ? '' : error.message },
      error.status,
    );
  }
});

export default function McoFinder() {
  const { t } = useTranslation();
  const { q, queue, found } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="flex max-w-5xl flex-col gap-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('mco_title')}</h1>
        <p className="text-neutral-700">{t('mco_intro')}</p>
      </header>
      <section aria-labelledby="mco-search" className="flex flex-col gap-4">
        <h2 id="mco-search" className="text-xl font-semibold">
          {t('mco_search_title')}
        </h2>
        <Form method="get" className="flex flex-wrap items-start gap-3" role="search">
          <Field
            label={t('mco_search_label')}
            name="q"
            type="search"
            defaultValue={q}
            required
            maxLength={40}
            hint={t('mco_search_hint')}
            className="min-w-64 flex-1"
          />
          <button type="submit" className={`${buttonClass.primary} sm:mt-7`}>
            {t('mco_search_button')}
          </button>
        </Form>
        {result?.ok && (
          <FormMessage tone="success">{t('mco_registered_done', { vin: result.vin, plate: result.plate })}</FormMessage>
        )}
        {found && found.length === 0 && <p className="text-neutral-700">{t('mco_not_found', { q })}</p>}
        {found && found.length > 0 && (
          <ul className="flex flex-col gap-4">
            {found.map((v) => (
              <McoCard key={v._id} vehicle={v} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="mco-queue" className="flex flex-col gap-4">
        <h2 id="mco-queue" className="text-xl font-semibold">
          {t('mco_queue_title')}
        </h2>
        {queue.length === 0 ? (
          <p className="text-neutral-700">{t('mco_queue_empty')}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {queue.map((v) => (
              <McoCard key={v._id} vehicle={v} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function McoCard({ vehicle }: { vehicle: McoVehicle }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tag = localeTag(locale);
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  const mine = result && !result.ok && result.id === vehicle._id ? result : null;
  const busy = navigation.state === 'submitting' && navigation.formData?.get('id') === vehicle._id;
  const rows: Array<[string, string]> = [
    [t('vehicle_vin'), vehicle.vin],
    [t('vehicle_model'), `${vehicle.modelName} · ${t(`option_${vehicle.color}`)}`],
    [t('vehicle_owner'), [vehicle.owner.name, vehicle.owner.email, vehicle.owner.phone].filter(Boolean).join(' · ')],
    [t('mco_country'), countryName(vehicle.country, locale, vehicle.country)],
    [t('mco_produced'), formatIsoDate(vehicle.productionDate, tag)],
    [t('vehicle_delivered'), formatIsoDate(vehicle.deliveredAt, tag)],
    [
      t('vehicle_registration'),
      vehicle.registrationStatus === 'registered'
        ? t('vehicle_registered_as', { plate: vehicle.registrationNumber ?? '' })
        : t(`vehicle_registration_${vehicle.registrationStatus}`),
    ],
  ];
  if (vehicle.orderNumber) rows.push([t('mco_order_number'), String(vehicle.orderNumber)]);
  return (
    <li className="rounded-2xl border border-neutral-200 bg-white p-5">
      <h3 className="font-mono text-lg font-semibold break-all">{vehicle.vin}</h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.slice(1).map(([label, value]) => (
          <div key={label}>
            <dt className="text-neutral-600">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-neutral-700">{t('mco_options')}</summary>
        <p className="mt-2 text-neutral-700">{vehicle.options.map((o) => o.name).join(' · ')}</p>
      </details>
      {vehicle.registrationStatus === 'pending' && (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3 border-t border-neutral-200 pt-4" noValidate>
          <input type="hidden" name="id" value={vehicle._id} />
          {mine?.error && <FormMessage tone="error">{mine.error}</FormMessage>}
          <Field
            label={t('mco_plate')}
            name="registrationNumber"
            required
            minLength={2}
            maxLength={20}
            autoCapitalize="characters"
            error={mine && !mine.error ? t('mco_plate_invalid') : undefined}
          />
          <SubmitButton busy={busy} busyLabel={t('form_saving')}>
            {t('mco_mark_registered')}
          </SubmitButton>
        </Form>
      )}
    </li>
  );
}
