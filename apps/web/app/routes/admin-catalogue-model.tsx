import { formatMoney, localeTag } from '@varg/domain';
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from 'react-router';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import { MODEL_STATUS_KEYS, MODEL_STATUSES, refusal } from '../features/admin/catalogue.ts';
import { imageIntent, ModelImages } from '../features/admin/catalogue-images.tsx';
import { PresaleInvites, presaleEmailsOf } from '../features/admin/catalogue-presale.tsx';
import { RulesEditor } from '../features/admin/catalogue-rules.tsx';
import { ModelTexts, saveTexts, textsLanguage } from '../features/admin/catalogue-texts.tsx';
import { EditLink, RecordHeader } from '../features/admin/record-header.tsx';
import { optionName } from '../features/configurator/option-name.ts';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage, Select } from '../ui/field.tsx';
import type { Route } from './+types/admin-catalogue-model';

// One model in the back office (decision 041): status and position, a preorder model's invitations (decision 052),
// price lists, option groups, rules, audit trail.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_catalogue_title');

/** The currencies shown beside each option (the rest are on the option's page). */
const SHOWN_CURRENCIES = ['EUR', 'USD', 'GBP'];

export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const path = { productId: params.productId };
  const lang = textsLanguage(new URL(request.url), context.get(localeContext).lang);
  const [model, trail, images, texts] = await Promise.all([
    api.call('getAdminCatalogueModelsByProductId', { path }),
    api.call('getAdminAuditByEntityTypeByEntityId', { path: { entityType: 'model', entityId: params.productId } }),
    api.call('getAdminCatalogueModelsByProductIdImages', { path }),
    // A model without catalog texts (one added later) has no texts section.
    api.call('getAdminCatalogueModelsByProductIdTextsByLang', { path: { ...path, lang } }).catch((error) => {
      if (isApiRequestError(error) && error.status === 404) return null;
      throw error;
    }),
  ]);
  return { model, trail: trail.docs, images: images.images, texts };
});

export const action = guarded(['admin'], async ({ context, request, params }: Route.ActionArgs) => {
  const api = userApi(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const path = { productId: params.productId };
  try {
    if (await imageIntent(api, params.productId, intent, form)) return { ok: true as const, intent };
    if (intent === 'texts') {
      await saveTexts(api, params.productId, form);
      return { ok: true as const, intent };
    }
    if (intent === 'model') {
      const status = String(form.get('status'));
      const sort = Number(form.get('sort'));
      await api.call('patchAdminCatalogueModelsByProductId', {
        path,
        body: {
          ...(MODEL_STATUSES.includes(status as never) ? { status: status as (typeof MODEL_STATUSES)[number] } : {}),
          ...(Number.isInteger(sort) ? { sort } : {}),
        },
      });
    } else if (intent === 'presale') {
      const presaleEmails = presaleEmailsOf(String(form.get('presaleEmails') ?? ''));
      await api.call('patchAdminCatalogueModelsByProductId', { path, body: { presaleEmails } });
    } else {
      const { rules } = await api.call('getAdminCatalogueModelsByProductId', { path });
      const rule = {
        optionId: String(form.get('optionId') ?? ''),
        kind: form.get('kind') === 'excludes' ? ('excludes' as const) : ('requires' as const),
        otherOptionId: String(form.get('otherOptionId') ?? ''),
      };
      const index = Number(form.get('index'));
      const next = intent === 'rule-add' ? [...rules, rule] : rules.filter((_, i) => i !== index);
      await api.call('putAdminCatalogueModelsByProductIdRules', { path, body: { rules: next } });
    }
    return { ok: true as const, intent };
  } catch (error) {
    return refusal(error, { presaleEmails: String(form.get('presaleEmails') ?? '') }, intent);
  }
});

export default function AdminCatalogueModel() {
  const { t } = useTranslation();
  const { model, trail, images, texts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const deleted = new URLSearchParams(useLocation().search).has('optionDeleted');
  const localePath = useLocalePath();
  const tag = localeTag(useLocale());
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'model';
  const options = model.groups.flatMap((g) =>
    g.options.map((o) => ({
      id: o.optionId,
      label: `${t(g.nameKey)}: ${optionName(t, { id: o.optionId, name: o.name ?? '', nameKey: o.nameKey })}`,
    })),
  );
  const base = `/admin/catalogue/${model._id}`;
  return (
    <div className="flex flex-col gap-10">
      <RecordHeader back="/admin/catalogue" backLabel={t('admin_catalogue_title')} title={t(model.nameKey)}>
        <p className="text-neutral-700">
          <code>{model._id}</code> · {t(MODEL_STATUS_KEYS[model.status])}
        </p>
      </RecordHeader>

      {deleted && !result && <FormMessage tone="success">{t('admin_catalogue_option_deleted')}</FormMessage>}
      {result?.ok && (
        <FormMessage tone="success">
          {t(
            result.intent === 'rule-add' || result.intent === 'rule-remove'
              ? 'admin_catalogue_rules_saved'
              : result.intent === 'texts'
                ? 'admin_catalogue_texts_saved'
                : 'admin_catalogue_saved',
          )}
        </FormMessage>
      )}
      {result && !result.ok && <FormMessage tone="error">{result.error}</FormMessage>}

      <section aria-labelledby="model-settings" className="flex flex-col gap-4">
        <h2 id="model-settings" className="text-lg font-semibold">
          {t('admin_catalogue_settings')}
        </h2>
        <Form method="post" className="flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="model" />
          <Select
            label={t('admin_catalogue_status')}
            name="status"
            defaultValue={model.status}
            hint={t('admin_catalogue_status_hint')}
          >
            {MODEL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(MODEL_STATUS_KEYS[s])}
              </option>
            ))}
          </Select>
          <Field
            label={t('admin_catalogue_position')}
            name="sort"
            type="number"
            min={0}
            max={10000}
            defaultValue={model.sort}
            className="w-32"
          />
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            {saving ? t('admin_catalogue_saving') : t('admin_catalogue_save')}
          </button>
        </Form>
      </section>

      <ModelImages productId={model._id} modelName={t(model.nameKey)} images={images} />

      {texts && <ModelTexts texts={texts} />}

      {model.presale ? (
        <PresaleInvites
          emails={model.presaleEmails}
          typed={result && !result.ok && result.intent === 'presale' ? result.values.presaleEmails : undefined}
        />
      ) : null}

      <section aria-labelledby="prices" className="flex flex-col gap-4">
        <h2 id="prices" className="text-lg font-semibold">
          {t('admin_catalogue_prices')}
        </h2>
        <p className="text-sm text-neutral-700">{t('admin_catalogue_prices_intro')}</p>
        <div className="overflow-x-auto rounded-xl border border-neutral-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-neutral-50 text-xs tracking-wide text-neutral-700 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('admin_catalogue_currency')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('admin_catalogue_base_price')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('admin_catalogue_deposit')}
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t('admin_catalogue_edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {model.prices.map((p) => (
                <tr key={p.currency}>
                  <th scope="row" className="px-3 py-1.5 font-medium">
                    {p.currency}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {formatMoney({ amount: p.basePrice, currency: p.currency }, tag)}
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {formatMoney({ amount: p.deposit, currency: p.currency }, tag)}
                  </td>
                  <td className="px-3 py-1.5 text-right">
                    <EditLink to={`${base}/prices/${p.currency}`} what={p.currency} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="options" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="options" className="text-lg font-semibold">
            {t('admin_catalogue_options')}
          </h2>
          <Link to={localePath(`${base}/options/new`)} className={buttonClass.secondary}>
            {t('admin_catalogue_option_add')}
          </Link>
        </div>
        {model.groups.map((group) => (
          <div key={group.id} className="overflow-x-auto rounded-xl border border-neutral-200">
            <table className="w-full text-left text-sm">
              <caption className="bg-neutral-50 px-3 py-2 text-left font-semibold">{t(group.nameKey)}</caption>
              <thead className="text-xs tracking-wide text-neutral-700 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t('admin_catalogue_option')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('admin_catalogue_default')}
                  </th>
                  {SHOWN_CURRENCIES.map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 text-right">
                      {c}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">{t('admin_catalogue_edit')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200">
                {group.options.map((o) => {
                  const name = optionName(t, { id: o.optionId, name: o.name ?? '', nameKey: o.nameKey });
                  return (
                    <tr key={o.optionId}>
                      <th scope="row" className="px-3 py-1.5 font-medium">
                        {name} <code className="block text-xs font-normal text-neutral-600">{o.optionId}</code>
                      </th>
                      <td className="px-3 py-1.5">{o.isDefault ? t('admin_catalogue_default_yes') : ''}</td>
                      {SHOWN_CURRENCIES.map((c) => (
                        <td key={c} className="px-3 py-1.5 text-right tabular-nums">
                          {o.prices[c] === undefined ? '—' : formatMoney({ amount: o.prices[c], currency: c }, tag)}
                        </td>
                      ))}
                      <td className="px-3 py-1.5 text-right">
                        <EditLink to={`${base}/options/${o.optionId}`} what={name} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ))}
      </section>

      <RulesEditor rules={model.rules} options={options} />

      <AuditTrail entries={trail} />
    </div>
  );
}
