import { Form, useNavigation } from 'react-router';
import type { Answer } from '../../lib/api-call.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { SubmitButton } from '../../ui/account-fields.tsx';
import { Field, FormMessage } from '../../ui/field.tsx';

export type MarketSettings = Answer<'getAdminMarketsByCountrySettings'>;
type Typed = Record<string, string | string[]>;

/** Minor units as typed in a form (`29900` → `299.00`). */
export const feeText = (minor: number) => (minor / 100).toFixed(2);

const FEE_FIELDS = [
  ['vehicleDelivery', 'admin_market_settings_delivery_fee'],
  ['parcel', 'admin_market_settings_parcel_fee'],
  ['freeParcelFrom', 'admin_market_settings_free_from'],
] as const;

const SHIPPING_KEYS = {
  home_delivery: 'shipping_home_delivery_vehicle',
  hq_pickup: 'shipping_hq_pickup',
  dealer_pickup: 'shipping_dealer_pickup',
} as const;

/** A group of checkboxes; `fixed` values are always on (sent as hidden fields, shown ticked and disabled). */
function Choices({
  legend,
  name,
  options,
  checked,
  fixed,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string }[];
  checked: readonly string[];
  fixed: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-4">
      <legend className="px-1 font-semibold">{legend}</legend>
      <input type="hidden" name={name} value={fixed} />
      {options.map((o) => (
        <label key={o.value} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={o.value === fixed ? undefined : name}
            value={o.value}
            defaultChecked={o.value === fixed || checked.includes(o.value)}
            disabled={o.value === fixed}
            className="size-4"
          />
          {o.label}
          {o.value === fixed && <span className="text-neutral-600">({t('admin_market_settings_always')})</span>}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A market's checkout settings (decision 054): which payment methods and kinds and which shipping methods it offers,
 * and the shipping fees in its currency. Until saved, the fixed tables' values are shown.
 */
export function MarketSettingsForm({
  settings,
  typed,
  error,
}: {
  settings: MarketSettings;
  typed: Typed | null;
  error: string | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'settings';
  const list = (name: string, saved: readonly string[]) => {
    const value = typed?.[name];
    return value === undefined ? saved : Array.isArray(value) ? value : [value];
  };
  const fee = (name: keyof MarketSettings['fees']) => {
    const value = typed?.[name];
    return typeof value === 'string' ? value : feeText(settings.fees[name]);
  };
  const hint = t('admin_market_settings_fee_hint', { currency: settings.currency });
  return (
    <section aria-labelledby="market-settings" className="flex flex-col gap-4">
      <div>
        <h2 id="market-settings" className="text-xl font-semibold">
          {t('admin_market_settings_title')}
        </h2>
        <p className="text-sm text-neutral-700">
          {t(settings.custom ? 'admin_market_settings_custom' : 'admin_market_settings_fixed')}
        </p>
      </div>
      {error && <FormMessage tone="error">{t(error)}</FormMessage>}
      <Form method="post" className="flex flex-col gap-4" preventScrollReset>
        <input type="hidden" name="intent" value="settings" />
        <div className="grid gap-4 lg:grid-cols-3">
          <Choices
            legend={t('admin_market_settings_methods')}
            name="paymentMethods"
            fixed="card"
            checked={list('paymentMethods', settings.paymentMethods)}
            options={settings.choices.paymentMethods.map((m) => ({ value: m, label: t(`payment_method_${m}`) }))}
          />
          <div className="flex flex-col gap-4">
            <Choices
              legend={t('admin_market_settings_kinds')}
              name="paymentKinds"
              fixed="full"
              checked={list('paymentKinds', settings.paymentKinds)}
              options={(['full', 'deposit'] as const).map((k) => ({ value: k, label: t(`payment_kind_${k}`) }))}
            />
            <fieldset className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-4">
              <legend className="px-1 font-semibold">{t('admin_market_settings_shipping')}</legend>
              {settings.choices.shippingMethods.map((m) => (
                <label key={m} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="shippingMethods"
                    value={m}
                    defaultChecked={list('shippingMethods', settings.shippingMethods).includes(m)}
                    className="size-4"
                  />
                  {t(SHIPPING_KEYS[m])}
                </label>
              ))}
            </fieldset>
          </div>
          <div className="flex flex-col gap-3">
            {FEE_FIELDS.map(([name, label]) => (
              <Field
                key={name}
                label={t(label)}
                name={name}
                inputMode="decimal"
                required
                defaultValue={fee(name)}
                hint={hint}
              />
            ))}
          </div>
        </div>
        <div>
          <SubmitButton busy={busy} busyLabel={t('form_saving')}>
            {t('admin_market_settings_save')}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
