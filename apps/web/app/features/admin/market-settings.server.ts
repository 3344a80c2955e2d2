import { AdminMarketSettingsBody } from '@varg/contracts';
import { minorUnitsFromDecimal } from '@varg/domain';
import { data } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import type { userApi } from '../../lib/auth.server.ts';
import { parseBody } from '../../lib/forms.server.ts';

export type SettingsOutcome =
  | { intent: 'settings'; ok: true }
  | { intent: 'settings'; ok: false; message: string; values: Record<string, string | string[]> };

const FEES = ['vehicleDelivery', 'parcel', 'freeParcelFrom'] as const;

/**
 * Saves a market's checkout settings from the page's form (decision 054): the ticked methods and kinds, the fees typed
 * as decimals, read through the operation's schema; a refusal keeps what was typed.
 */
export async function saveMarketSettings(api: ReturnType<typeof userApi>, country: string, form: FormData) {
  const all = (name: string) => form.getAll(name).map(String);
  const typedFees: Record<string, string> = Object.fromEntries(FEES.map((f) => [f, String(form.get(f) ?? '')]));
  const values = {
    paymentMethods: all('paymentMethods'),
    paymentKinds: all('paymentKinds'),
    shippingMethods: all('shippingMethods'),
    ...typedFees,
  };
  const fail = (message: string, status: number) =>
    data<SettingsOutcome>({ intent: 'settings', ok: false, message, values }, status);
  const fees = Object.fromEntries(FEES.map((f) => [f, minorUnitsFromDecimal(typedFees[f] ?? '') ?? -1]));
  const { paymentMethods, paymentKinds, shippingMethods } = values;
  const body = parseBody(AdminMarketSettingsBody, { paymentMethods, paymentKinds, shippingMethods, fees });
  if (!body.ok)
    return fail(
      body.errors.shippingMethods ? 'admin_market_settings_shipping_required' : 'admin_market_settings_invalid',
      400,
    );
  try {
    await api.call('putAdminMarketsByCountrySettings', { path: { country }, body: body.data });
    return data<SettingsOutcome>({ intent: 'settings', ok: true });
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return fail(error.message, error.status);
  }
}
