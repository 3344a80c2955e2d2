import { localizedPath } from '@varg/domain';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { VEHICLE_PAINT } from '../features/vehicles/warranty.ts';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { BikeIllustration } from '../ui/bike-illustration.tsx';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/vehicle-transfer';

// The new owner's side of an ownership transfer (spec section 4): reached from the e-mail, signed in with the address
// the code was sent to, they type the code and the vehicle becomes theirs.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'vehicle_transfer_confirm_title');

export const loader = guarded(['auth'], async ({ context, request, params }: Route.LoaderArgs) => {
  try {
    const incoming = await userApi(context, request).call('getVehiclesByIdTransferOwnership', {
      path: { id: params.id },
    });
    return { incoming, error: null };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data({ incoming: null, error: error.message }, { status: error.status === 400 ? 404 : error.status });
  }
});

export const action = guarded(['auth'], async ({ context, request, params }: Route.ActionArgs) => {
  const form = await request.formData();
  const code = String(form.get('code') ?? '').trim();
  if (!code) return data({ error: null, empty: true }, { status: 400 });
  try {
    await userApi(context, request).call('putVehiclesByIdConfirmTransferOwnershipByCode', {
      path: { id: params.id, code },
    });
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data({ error: error.message, empty: false }, { status: error.status });
  }
  throw redirect(localizedPath(context.get(localeContext), '/vehicles?transferred=1'));
});

export default function VehicleTransfer() {
  const { t } = useTranslation();
  const { incoming, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const localePath = useLocalePath();
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('vehicle_transfer_confirm_title')}</h1>
      {!incoming ? (
        <>
          <FormMessage tone="error">{error}</FormMessage>
          <Link to={localePath('/vehicles')} className={`${buttonClass.secondary} self-start`}>
            {t('vehicles_title')}
          </Link>
        </>
      ) : (
        <>
          <div className="flex items-center gap-4 rounded-2xl border border-neutral-200 bg-white p-4">
            <BikeIllustration
              color={VEHICLE_PAINT[incoming.color] ?? VEHICLE_PAINT.red}
              title={incoming.modelName}
              className="w-32 shrink-0 text-neutral-900"
            />
            <div className="min-w-0 text-sm">
              <p className="text-lg font-semibold">{incoming.modelName}</p>
              <p className="font-mono break-all">{incoming.vin}</p>
              {incoming.from && (
                <p className="text-neutral-600">{t('vehicle_transfer_from', { name: incoming.from })}</p>
              )}
            </div>
          </div>
          {incoming.transfer.status !== 'pending' ? (
            <FormMessage tone="info">{t(`vehicle_transfer_status_${incoming.transfer.status}`)}</FormMessage>
          ) : (
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <p className="text-neutral-700">{t('vehicle_transfer_confirm_intro')}</p>
              {result?.error && <FormMessage tone="error">{result.error}</FormMessage>}
              <Field
                label={t('vehicle_transfer_code')}
                name="code"
                autoComplete="one-time-code"
                autoCapitalize="characters"
                spellCheck={false}
                required
                maxLength={16}
                hint={t('vehicle_transfer_code_hint')}
                error={result?.empty ? t('vehicle_transfer_code_missing') : undefined}
              />
              <div>
                <SubmitButton busy={navigation.state === 'submitting'} busyLabel={t('vehicle_transfer_sending')}>
                  {t('vehicle_transfer_confirm_button')}
                </SubmitButton>
              </div>
            </Form>
          )}
        </>
      )}
    </div>
  );
}
