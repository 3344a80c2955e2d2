import { formatMoney, localeTag } from '@varg/domain';
import { formatPercent } from '@varg/i18n';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import { majorOf, minorOf, refusal, valuesOf } from '../features/admin/catalogue.ts';
import { RecordHeader } from '../features/admin/record-header.tsx';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage, Select } from '../ui/field.tsx';
import type { Route } from './+types/admin-catalogue-price';

// A model's price list in one currency (decision 041): base price and deposit, with a preview of what the
// configurator will show in a market of that currency (VAT or sales tax, deposit, finance-from) before saving.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_catalogue_price_title');

export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const [model, countries, trail] = await Promise.all([
    api.call('getAdminCatalogueModelsByProductId', { path: { productId: params.productId } }),
    api.call('getCountry', { query: { status: 1, limit: 300 } }),
    api.call('getAdminAuditByEntityTypeByEntityId', {
      path: { entityType: 'price', entityId: `${params.productId}:${params.currency}` },
    }),
  ]);
  const list = model.prices.find((p) => p.currency === params.currency);
  if (!list) throw new Response('Not Found', { status: 404 });
  const markets = countries.docs.filter((c) => c.currency.code === list.currency).map((c) => c.code);
  return { model: { _id: model._id, nameKey: model.nameKey }, list, markets, trail: trail.docs };
});

export const action = guarded(['admin'], async ({ context, request, params }: Route.ActionArgs) => {
  const api = userApi(context, request);
  const form = await request.formData();
  const values = valuesOf(form);
  const intent = form.get('intent') === 'save' ? 'save' : 'preview';
  const basePrice = minorOf(form.get('basePrice'));
  const deposit = minorOf(form.get('deposit'));
  if (basePrice === null || deposit === null)
    return {
      ok: false as const,
      intent,
      error: null,
      invalid: [...(basePrice === null ? ['basePrice'] : []), ...(deposit === null ? ['deposit'] : [])],
      values,
      preview: null,
    };
  const path = { productId: params.productId };
  try {
    if (intent === 'save') {
      await api.call('putAdminCatalogueModelsByProductIdPricesByCurrency', {
        path: { ...path, currency: params.currency },
        body: { basePrice, deposit },
      });
      return {
        ok: true as const,
        intent,
        error: null,
        invalid: [],
        values: {} as Record<string, string>,
        preview: null,
      };
    }
    const preview = await api.call('postAdminCatalogueModelsByProductIdPreview', {
      path,
      body: { country: String(form.get('country') ?? ''), basePrice, deposit },
    });
    return { ok: true as const, intent, error: null, invalid: [], values, preview };
  } catch (error) {
    return refusal(error, values, intent);
  }
});

export default function AdminCataloguePrice() {
  const { t } = useTranslation();
  const { model, list, markets, trail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const locale = useLocale();
  const tag = localeTag(locale);
  const busy = navigation.state === 'submitting' ? String(navigation.formData?.get('intent')) : null;
  const kept = result && (!result.ok || result.intent === 'preview') ? result.values : null;
  const invalid = result && 'invalid' in result ? (result.invalid ?? []) : [];
  const preview = result && 'preview' in result ? result.preview : null;
  const money = (amount: number) => formatMoney({ amount, currency: list.currency }, tag);
  return (
    <div className="flex flex-col gap-8">
      <RecordHeader
        back={`/admin/catalogue/${model._id}`}
        backLabel={t(model.nameKey)}
        title={t('admin_catalogue_price_heading', { currency: list.currency })}
      >
        <p className="text-neutral-700">{t('admin_catalogue_price_intro')}</p>
      </RecordHeader>
      {result?.ok && result.intent === 'save' && <FormMessage tone="success">{t('admin_catalogue_saved')}</FormMessage>}
      {result && !result.ok && result.error && <FormMessage tone="error">{result.error}</FormMessage>}
      <Form method="post" className="flex max-w-2xl flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label={t('admin_catalogue_base_price')}
            name="basePrice"
            inputMode="decimal"
            required
            error={invalid.includes('basePrice') ? 'admin_catalogue_price_invalid' : undefined}
            defaultValue={kept?.basePrice ?? majorOf(list.basePrice)}
          />
          <Field
            label={t('admin_catalogue_deposit')}
            name="deposit"
            inputMode="decimal"
            required
            error={invalid.includes('deposit') ? 'admin_catalogue_price_invalid' : undefined}
            defaultValue={kept?.deposit ?? majorOf(list.deposit)}
          />
          <Select label={t('admin_catalogue_market')} name="country" defaultValue={kept?.country ?? markets[0] ?? ''}>
            {markets.map((code) => (
              <option key={code} value={code}>
                {countryName(code, locale, code)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="preview" className={buttonClass.secondary} disabled={!!busy}>
            {busy === 'preview' ? t('admin_catalogue_previewing') : t('admin_catalogue_preview')}
          </button>
          <button type="submit" name="intent" value="save" className={buttonClass.primary} disabled={!!busy}>
            {busy === 'save' ? t('admin_catalogue_saving') : t('admin_catalogue_save')}
          </button>
        </div>
      </Form>
      <section aria-labelledby="preview" aria-live="polite" className="flex max-w-2xl flex-col gap-3">
        <h2 id="preview" className="text-lg font-semibold">
          {t('admin_catalogue_preview_title')}
        </h2>
        {preview ? (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 rounded-xl border border-neutral-200 p-4 text-sm">
            <dt>{t('admin_catalogue_market')}</dt>
            <dd>{countryName(preview.country, locale, preview.country)}</dd>
            <dt>{t('admin_catalogue_preview_total')}</dt>
            <dd className="font-semibold tabular-nums">{money(preview.total)}</dd>
            <dt>{t('admin_catalogue_preview_tax')}</dt>
            <dd>
              {preview.taxDisplay === 'including'
                ? t('admin_catalogue_preview_vat', {
                    vat: money(preview.vat),
                    rate: formatPercent(tag, preview.vatRateBp / 100),
                  })
                : t('admin_catalogue_preview_sales_tax')}
            </dd>
            <dt>{t('admin_catalogue_deposit')}</dt>
            <dd className="tabular-nums">{money(preview.deposit)}</dd>
            <dt>{t('admin_catalogue_preview_finance')}</dt>
            <dd className="tabular-nums">{preview.financeFrom === null ? '—' : money(preview.financeFrom)}</dd>
          </dl>
        ) : (
          <p className="text-sm text-neutral-700">{t('admin_catalogue_preview_empty')}</p>
        )}
      </section>
      <AuditTrail entries={trail} />
    </div>
  );
}
