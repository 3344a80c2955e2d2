import { AVAILABILITIES } from '@varg/domain';
import { data, Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import { majorOf, minorOf, refusal, valuesOf } from '../features/admin/catalogue.ts';
import { RetireSection } from '../features/admin/parts/retire.tsx';
import { countOf, StockForm } from '../features/admin/parts/stock-form.tsx';
import { KIND_KEYS } from '../features/admin/parts.ts';
import { RecordHeader } from '../features/admin/record-header.tsx';
import { articleName } from '../features/store/labels.ts';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';

import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage, Select } from '../ui/field.tsx';
import type { Route } from './+types/admin-parts-sku';

// One SKU in the back office (decision 041): availability and the price in each currency it is listed in, with its
// campaign reduction; the change is audited and reaches the shop at once.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_parts_title');

export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const [part, trail] = await Promise.all([
    api.call('getAdminPartsBySku', { path: { sku: params.sku } }),
    api.call('getAdminAuditByEntityTypeByEntityId', { path: { entityType: 'part', entityId: params.sku } }),
  ]);
  return { part, trail: trail.docs };
});

export const action = guarded(['admin'], async ({ context, request, params }: Route.ActionArgs) => {
  const api = userApi(context, request);
  const form = await request.formData();
  const values = valuesOf(form);
  const intent = String(form.get('intent') ?? 'update');
  if (intent === 'retire' || intent === 'restore') {
    const call = intent === 'retire' ? 'postAdminPartsBySkuRetire' : 'postAdminPartsBySkuRestore';
    await api.call(call, { path: { sku: params.sku } });
    return { ok: true as const, error: null, badPrices: [] as string[], values: {} as Record<string, string> };
  }
  if (intent === 'stock') {
    const quantity = countOf(form.get('quantity'));
    const lowStockAt = countOf(form.get('lowStockAt'));
    if (quantity === undefined || lowStockAt === undefined)
      return data({ ok: false as const, error: null, badPrices: ['stock'], values }, 400);
    try {
      await api.call('putAdminPartsBySkuStock', {
        path: { sku: params.sku },
        body: {
          quantity,
          lowStockAt,
          backorder: form.get('backorder') === 'on',
          reason: String(form.get('reason') ?? ''),
        },
      });
      return { ok: true as const, error: null, badPrices: [] as string[], values: {} as Record<string, string> };
    } catch (error) {
      const refused = refusal(error, values);
      return data({ ...refused.data, badPrices: [] as string[] }, refused.init ?? undefined);
    }
  }
  const part = await api.call('getAdminPartsBySku', { path: { sku: params.sku } });
  const prices: Record<string, { listPrice: number; discountBp: number }> = {};
  const bad: string[] = [];
  for (const { currency } of part.prices) {
    const listPrice = minorOf(form.get(`price_${currency}`));
    const discount = Number(String(form.get(`discount_${currency}`) ?? '0').replace(',', '.') || '0');
    if (listPrice === null || !(discount >= 0 && discount <= 90)) bad.push(currency);
    else prices[currency] = { listPrice, discountBp: Math.round(discount * 100) };
  }
  if (bad.length) return { ok: false as const, error: null, badPrices: bad, values };
  const availability = String(form.get('availability'));
  try {
    await api.call('patchAdminPartsBySku', {
      path: { sku: params.sku },
      body: {
        prices,
        ...(AVAILABILITIES.includes(availability as never)
          ? { availability: availability as (typeof AVAILABILITIES)[number] }
          : {}),
      },
    });
    return { ok: true as const, error: null, badPrices: [] as string[], values: {} as Record<string, string> };
  } catch (error) {
    const refused = refusal(error, values);
    return data({ ...refused.data, badPrices: [] as string[] }, refused.init ?? undefined);
  }
});

export default function AdminPartsSku() {
  const { t } = useTranslation();
  const { part, trail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  const kept = result && !result.ok ? result.values : null;
  const badPrices = result?.badPrices ?? [];
  const localePath = useLocalePath();
  const [search] = useSearchParams();
  return (
    <div className="flex flex-col gap-8">
      <RecordHeader back="/admin/parts" backLabel={t('admin_parts_title')} title={articleName(t, part)}>
        <p className="text-neutral-700">
          <code>{part.sku}</code> · {t(KIND_KEYS[part.kind])} ·{' '}
          {part.fits.length
            ? part.fits.map((m) => t(`model_${m.replace(/-/g, '_')}_name`)).join(', ')
            : t('admin_parts_fits_all')}
          {Object.values(part.attributes)
            .map((value) => ` · ${value}`)
            .join('')}
          {part.retired && ` · ${t('admin_parts_retired')}`}
        </p>
        <Link
          to={localePath(`/admin/parts/articles/${part.articleId}`)}
          className="text-sm underline underline-offset-4"
        >
          {t('admin_parts_article_open')}
        </Link>
      </RecordHeader>
      {search.get('created') && !result && <FormMessage tone="success">{t('admin_parts_sku_created')}</FormMessage>}
      {result?.ok && <FormMessage tone="success">{t('admin_catalogue_saved')}</FormMessage>}
      {result && !result.ok && result.error && <FormMessage tone="error">{result.error}</FormMessage>}
      {badPrices.length > 0 && !badPrices.includes('stock') && (
        <FormMessage tone="error">{t('admin_parts_prices_invalid', { currencies: badPrices.join(', ') })}</FormMessage>
      )}
      <Form method="post" className="flex max-w-3xl flex-col gap-6" aria-busy={saving}>
        <input type="hidden" name="intent" value="update" />
        <Select
          label={t('admin_parts_availability')}
          name="availability"
          defaultValue={kept?.availability ?? part.availability}
          className="max-w-xs"
        >
          {AVAILABILITIES.map((value) => (
            <option key={value} value={value}>
              {t(`store_availability_${value}`)}
            </option>
          ))}
        </Select>
        <fieldset className="flex flex-col gap-3">
          <legend className="text-base font-semibold">{t('admin_parts_prices')}</legend>
          <p className="text-sm text-neutral-700">{t('admin_parts_prices_hint')}</p>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {part.prices.map((p) => (
              <div key={p.currency} className="grid grid-cols-[1fr_6rem] items-end gap-2">
                <Field
                  label={`${t('admin_parts_price')} ${p.currency}`}
                  name={`price_${p.currency}`}
                  inputMode="decimal"
                  required
                  error={badPrices.includes(p.currency) ? 'admin_catalogue_price_invalid' : undefined}
                  defaultValue={kept?.[`price_${p.currency}`] ?? majorOf(p.listPrice)}
                />
                <Field
                  label={`${t('admin_parts_discount')} ${p.currency}`}
                  name={`discount_${p.currency}`}
                  inputMode="decimal"
                  defaultValue={kept?.[`discount_${p.currency}`] ?? String(p.discountBp / 100)}
                />
              </div>
            ))}
          </div>
        </fieldset>
        <div>
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            {saving ? t('admin_catalogue_saving') : t('admin_catalogue_save')}
          </button>
        </div>
      </Form>
      <StockForm part={part} kept={result?.values.intent === 'stock' ? kept : null} bad={badPrices.includes('stock')} />
      <RetireSection retired={part.retired} sku={part.sku} />
      <AuditTrail entries={trail} />
    </div>
  );
}
