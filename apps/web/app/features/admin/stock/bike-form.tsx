import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import type { Answer } from '../../../lib/api-call.ts';
import { countryName, useTranslation } from '../../../lib/i18n.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { SubmitButton } from '../../../ui/account-fields.tsx';
import { Field, Select } from '../../../ui/field.tsx';
import { STOCK_MODELS } from '../../stock-bikes/query.ts';

type Bike = Answer<'getAdminStockBikesById'>;
type Groups = Answer<'getProductByProductIdComponents'>;
export interface BikeFormData {
  bike: Bike | null;
  components: Record<string, Groups>;
  dealers: Answer<'getAdminStockBikesFormOptions'>['dealers'];
  markets: string[];
}

/**
 * A stock bike's VIN, model, configuration (one option per group, the model's groups), market and dealer. `values`
 * are the fields as last typed (kept after a refused save). Disabled for a bike that is not on sale.
 */
export function StockBikeForm({
  data,
  values,
  error,
  disabled,
}: {
  data: BikeFormData;
  values: Record<string, string> | null;
  error: { field: string | null; message: string } | null;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const { bike } = data;
  const [model, setModel] = useState(values?.productId ?? bike?.productId ?? STOCK_MODELS[0].id);
  const [country, setCountry] = useState(values?.country ?? bike?.country ?? data.markets[0] ?? 'DE');
  const chosen = (group: Groups[number]) => {
    const typed = values?.[`group_${group.group}`];
    if (typed !== undefined) return typed;
    return group.options.find((o) => bike?.optionIds.includes(o.id))?.id ?? '';
  };
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="save" />
      <fieldset disabled={disabled} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <Field
          label={t('admin_stock_vin')}
          name="vin"
          required
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          defaultValue={values?.vin ?? bike?.vin ?? ''}
          hint={t('admin_stock_vin_hint')}
          error={fieldError('vin')}
        />
        <Select
          label={t('admin_stock_model')}
          name="productId"
          value={model}
          onChange={(e) => setModel(e.currentTarget.value)}
          error={fieldError('productId')}
        >
          {STOCK_MODELS.map((m) => (
            <option key={m.id} value={m.id}>
              {t(m.nameKey)}
            </option>
          ))}
        </Select>
        <Select
          label={t('admin_stock_market')}
          name="country"
          value={country}
          onChange={(e) => setCountry(e.currentTarget.value)}
          error={fieldError('country')}
        >
          {data.markets.map((code) => (
            <option key={code} value={code}>
              {countryName(code, locale, code)}
            </option>
          ))}
        </Select>
        <Select
          label={t('admin_stock_dealer')}
          name="dealerId"
          defaultValue={values?.dealerId ?? bike?.dealer?._id ?? ''}
          hint={t('admin_stock_dealer_hint')}
          error={fieldError('dealerId')}
        >
          <option value="">{t('admin_stock_hq')}</option>
          {data.dealers
            .filter((d) => d.country === country)
            .map((d) => (
              <option key={d._id} value={d._id}>
                {d.name}
              </option>
            ))}
        </Select>
      </fieldset>
      <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 p-4">
        <legend className="px-1 text-sm font-semibold">{t('admin_stock_configuration')}</legend>
        {error?.field === 'optionIds' && (
          <p id="bike-options-error" className="text-sm text-red-700">
            {t(error.message)}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {(data.components[model] ?? []).map((group) => (
            <Select
              key={`${model}-${group.group}`}
              label={t(group.nameKey)}
              name={`group_${group.group}`}
              defaultValue={chosen(group)}
              aria-describedby={error?.field === 'optionIds' ? 'bike-options-error' : undefined}
            >
              <option value="">{t('admin_stock_option_default')}</option>
              {group.options.map((o) => (
                <option key={o.id} value={o.id}>
                  {t(o.nameKey)}
                  {o.isDefault ? ` (${t('admin_stock_default')})` : ''}
                </option>
              ))}
            </Select>
          ))}
        </div>
      </fieldset>
      {!disabled && (
        <div>
          <SubmitButton busy={busy} busyLabel={t('form_saving')}>
            {bike ? t('admin_stock_save') : t('admin_stock_create')}
          </SubmitButton>
        </div>
      )}
    </Form>
  );
}

/** The form's fields as the API's body: the chosen option of each group (an empty choice takes the default). */
export function stockBikeBody(form: FormData) {
  const optionIds: string[] = [];
  for (const [name, value] of form.entries()) {
    if (name.startsWith('group_') && typeof value === 'string' && value) optionIds.push(value);
  }
  const dealerId = String(form.get('dealerId') ?? '');
  return {
    vin: String(form.get('vin') ?? ''),
    productId: String(form.get('productId') ?? ''),
    optionIds,
    country: String(form.get('country') ?? ''),
    dealerId: dealerId || null,
  };
}

/** Which field an API error code is about, so the message shows beside it. */
export function errorField(code: string): string | null {
  if (code === 'VIN_INVALID' || code === 'VIN_TAKEN') return 'vin';
  if (code === 'INVALID_CONFIGURATION' || code === 'INCOMPATIBLE_OPTIONS') return 'optionIds';
  if (code === 'STOCK_BIKE_DEALER_INVALID') return 'dealerId';
  if (code === 'COUNTRY_NOT_FOUND') return 'country';
  if (code === 'PRODUCT_NOT_FOUND') return 'productId';
  return null;
}
