import { data, Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from 'react-router';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import { saveMarketSettings } from '../features/admin/market-settings.server.ts';
import { MarketSettingsForm } from '../features/admin/market-settings.tsx';
import { basisPoints, ratePercent } from '../features/admin/markets.ts';
import { useShell } from '../features/shell/providers.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { servicesContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { Field, FormMessage, Select } from '../ui/field.tsx';
import type { Route } from './+types/admin-market';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_markets');

/** One market: status, language, currency and tax (decision 043), with its audit trail. */
export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  if (!/^[A-Za-z]{2}$/.test(params.country)) throw data(null, { status: 404 });
  const code = params.country.toUpperCase();
  try {
    const [market, options, trail, settings] = await Promise.all([
      api.call('getAdminMarketsByCountry', { path: { country: code } }),
      api.call('getAdminMarketsOptions'),
      api.call('getAdminAuditByEntityTypeByEntityId', { path: { entityType: 'market', entityId: code } }),
      api.call('getAdminMarketsByCountrySettings', { path: { country: code } }),
    ]);
    return { market, languages: options.languages, trail: trail.docs, settings };
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
});

type Outcome =
  | { intent?: undefined; ok: true }
  | { intent?: undefined; ok: false; message: string; field: string | null; values: Record<string, string> };

export const action = guarded(['admin'], async ({ context, request, params }: Route.ActionArgs) => {
  const form = await request.formData();
  if (form.get('intent') === 'settings') {
    const saved = await saveMarketSettings(userApi(context, request), params.country, form);
    // The checkout follows at once: this process's pages and API answers are kept no longer.
    if (saved.data.ok) context.get(servicesContext).invalidatePublic();
    return saved;
  }
  const value = (name: string) => String(form.get(name) ?? '');
  const values = Object.fromEntries(
    ['status', 'language', 'currencyCode', 'currencySymbol', 'taxDisplay', 'vatRate'].map((n) => [n, value(n)]),
  );
  const rate = basisPoints(values.vatRate ?? '');
  if (rate === null) {
    return data<Outcome>({ ok: false, message: 'admin_markets_invalid', field: 'vatRate', values }, 400);
  }
  try {
    await userApi(context, request).call('putAdminMarketsByCountry', {
      path: { country: params.country },
      body: {
        status: values.status as 'active' | 'paused',
        language: values.language ?? '',
        currencyCode: values.currencyCode ?? '',
        currencySymbol: values.currencySymbol ?? '',
        taxDisplay: values.taxDisplay as 'including' | 'excluding',
        vatRateBp: rate,
      },
    });
    // The storefront follows at once: this process's pages and API answers are kept no longer.
    context.get(servicesContext).invalidatePublic();
    return data<Outcome>({ ok: true });
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    const field =
      error.code === 'MARKET_CURRENCY_IN_USE'
        ? 'currencyCode'
        : error.code === 'LANGUAGE_NOT_FOUND'
          ? 'language'
          : error.code === 'VALIDATION_ERROR'
            ? 'vatRate'
            : null;
    const message = error.code === 'VALIDATION_ERROR' ? 'admin_markets_invalid' : error.message;
    return data<Outcome>({ ok: false, message, field, values }, error.status);
  }
});

export default function AdminMarket() {
  const { t } = useTranslation();
  const { market, languages, trail, settings } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const result = answer?.intent === 'settings' ? undefined : answer;
  const settingsResult = answer?.intent === 'settings' ? answer : undefined;
  const locale = useLocale();
  const localePath = useLocalePath();
  const navigation = useNavigation();
  const submit = useSubmit();
  const { confirm } = useShell();
  const busy = navigation.state === 'submitting';
  const typed = result && !result.ok ? result.values : null;
  const fieldError = (name: string) => (result && !result.ok && result.field === name ? result.message : undefined);
  const name = countryName(market.code, locale, market.name);
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <Link to={localePath('/admin/markets')} className="text-sm underline underline-offset-4">
          {t('admin_markets_back')}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">
          {name} <span className="text-neutral-600">({market.code})</span>
        </h1>
        <p className="text-neutral-700">
          {t(`admin_markets_${market.status}`)}
          {market.isDefault ? ` · ${t('admin_markets_default')}` : ''}
        </p>
      </header>
      <div aria-live="polite" className="empty:hidden">
        {result?.ok && <FormMessage tone="success">{t('admin_markets_saved')}</FormMessage>}
        {settingsResult?.ok && <FormMessage tone="success">{t('admin_market_settings_saved')}</FormMessage>}
        {result && !result.ok && !result.field && <FormMessage tone="error">{t(result.message)}</FormMessage>}
      </div>
      <Form
        method="post"
        className="flex flex-col gap-4"
        onSubmit={async (event) => {
          const form = event.currentTarget;
          const pausing = new FormData(form).get('status') === 'paused' && market.status === 'active';
          if (!pausing) return;
          event.preventDefault();
          const yes = await confirm({
            title: t('admin_markets_pause_confirm_title', { country: name }),
            description: t('admin_markets_pause_confirm_text'),
          });
          if (yes) await submit(form);
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Select
            label={t('admin_markets_status')}
            name="status"
            defaultValue={typed?.status ?? market.status}
            hint={market.isDefault ? t('admin_markets_default_hint') : undefined}
          >
            <option value="active">{t('admin_markets_active')}</option>
            <option value="paused">{t('admin_markets_paused')}</option>
          </Select>
          <Select
            label={t('admin_markets_language')}
            name="language"
            defaultValue={typed?.language ?? market.language}
            error={fieldError('language')}
          >
            {languages.map((l) => (
              <option key={l.code} value={l.code}>
                {l.nativeName} ({l.code})
              </option>
            ))}
          </Select>
          <Field
            label={t('admin_markets_currency')}
            name="currencyCode"
            required
            maxLength={3}
            autoComplete="off"
            defaultValue={typed?.currencyCode ?? market.currency.code}
            hint={t('admin_markets_currency_hint')}
            error={fieldError('currencyCode')}
          />
          <Field
            label={t('admin_markets_symbol')}
            name="currencySymbol"
            required
            maxLength={8}
            defaultValue={typed?.currencySymbol ?? market.currency.symbol}
          />
          <Select
            label={t('admin_markets_tax_display')}
            name="taxDisplay"
            defaultValue={typed?.taxDisplay ?? market.taxDisplay}
          >
            <option value="including">{t('admin_markets_including')}</option>
            <option value="excluding">{t('admin_markets_excluding')}</option>
          </Select>
          <Field
            label={t('admin_markets_rate')}
            name="vatRate"
            inputMode="decimal"
            required
            defaultValue={typed?.vatRate ?? ratePercent(market.vatRateBp)}
            hint={t('admin_markets_rate_hint')}
            error={fieldError('vatRate')}
          />
        </div>
        <div>
          <SubmitButton busy={busy} busyLabel={t('form_saving')}>
            {t('admin_markets_save')}
          </SubmitButton>
        </div>
      </Form>
      <MarketSettingsForm
        key={JSON.stringify(settings)}
        settings={settings}
        typed={settingsResult && !settingsResult.ok ? settingsResult.values : null}
        error={settingsResult && !settingsResult.ok ? settingsResult.message : null}
      />
      <AuditTrail entries={trail} />
    </div>
  );
}
