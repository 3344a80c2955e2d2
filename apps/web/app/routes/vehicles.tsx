import { data, Link, useLoaderData, useSearchParams } from 'react-router';
import { VehicleCard, type VehiclesActionData } from '../features/vehicles/vehicle-card.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/vehicles';

// The owner's garage (spec sections 2 and 7 "Vehicles"; docs/decisions/018-vehicles.md): each vehicle with its VIN,
// warranty and documents, extended warranty through the add-by-link flow, and ownership transfer by code.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'vehicles_title');

export const loader = guarded(['auth'], async ({ context, request }: Route.LoaderArgs) => {
  const { vehicles } = await userApi(context, request).call('getVehicles');
  return { vehicles };
});

export const action = guarded(['auth'], async ({ context, request }: Route.ActionArgs) => {
  const api = userApi(context, request);
  const form = await request.formData();
  const vehicleId = String(form.get('vehicleId') ?? '');
  const path = { id: vehicleId };
  if (form.get('intent') === 'cancel') {
    try {
      await api.call('deleteVehiclesByIdTransferOwnership', { path });
      return { intent: 'cancel', vehicleId, ok: true } satisfies VehiclesActionData;
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      return data<VehiclesActionData>({ intent: 'cancel', vehicleId, ok: false, error: error.message }, error.status);
    }
  }
  const email = String(form.get('to_owner_email') ?? '').trim();
  try {
    await api.call('postVehiclesByIdTransferOwnership', { path, body: { to_owner_email: email } });
    return { intent: 'transfer', vehicleId, ok: true, email } satisfies VehiclesActionData;
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    const field = ['VALIDATION_ERROR', 'TRANSFER_SELF'].includes(error.code);
    const message = error.code === 'VALIDATION_ERROR' ? '' : error.message;
    return data<VehiclesActionData>(
      { intent: 'transfer', vehicleId, ok: false, error: message, field, email },
      error.status,
    );
  }
});

export default function Vehicles() {
  const { t } = useTranslation();
  const { vehicles } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const localePath = useLocalePath();
  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('vehicles_title')}</h1>
        <p className="text-neutral-700">{t('vehicles_intro')}</p>
      </header>
      {params.get('transferred') === '1' && <FormMessage tone="success">{t('vehicle_transfer_received')}</FormMessage>}
      {vehicles.length === 0 ? (
        <section className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-neutral-300 p-8">
          <p className="text-neutral-700">{t('vehicles_empty')}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={localePath('/varg-ex/configurator')} className={buttonClass.primary}>
              {t('vehicles_empty_cta')}
            </Link>
            <Link to={localePath('/orders/my')} className={buttonClass.secondary}>
              {t('account_my_orders')}
            </Link>
          </div>
        </section>
      ) : (
        <ul className="flex flex-col gap-6">
          {vehicles.map((vehicle) => (
            <VehicleCard key={vehicle._id} vehicle={vehicle} />
          ))}
        </ul>
      )}
    </div>
  );
}
