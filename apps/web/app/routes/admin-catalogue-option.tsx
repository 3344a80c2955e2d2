import { Form, redirect, useActionData, useLoaderData, useLocation, useNavigation } from 'react-router';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import { majorOf, minorOf, refusal, valuesOf } from '../features/admin/catalogue.ts';
import { imageIntent, OptionImage } from '../features/admin/catalogue-images.tsx';
import { OptionDelete } from '../features/admin/catalogue-option-delete.tsx';
import { RecordHeader } from '../features/admin/record-header.tsx';
import { optionName } from '../features/configurator/option-name.ts';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';

import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage, Select } from '../ui/field.tsx';
import type { Route } from './+types/admin-catalogue-option';

// An option of a model in the back office (decision 041): add one (`new`) or change its name, position, default and
// its price in every currency of the model, or delete it (decision 055). The API refuses what would break the default
// configuration and the deletion of an option orders or stock bikes carry.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_catalogue_option_title');

const MARKER = 'varg_option_';

export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const model = await api.call('getAdminCatalogueModelsByProductId', { path: { productId: params.productId } });
  if (params.optionId === 'new') return { model, option: null, groupId: null, trail: [], image: null };
  const group = model.groups.find((g) => g.options.some((o) => o.optionId === params.optionId));
  const option = group?.options.find((o) => o.optionId === params.optionId);
  if (!group || !option) throw new Response('Not Found', { status: 404 });
  const [trail, images] = await Promise.all([
    api.call('getAdminAuditByEntityTypeByEntityId', {
      path: { entityType: 'option', entityId: `${model._id}:${option.optionId}` },
    }),
    api.call('getAdminCatalogueModelsByProductIdImages', { path: { productId: model._id } }),
  ]);
  return { model, option, groupId: group.id, trail: trail.docs, image: images.options[option.optionId] ?? null };
});

export const action = guarded(['admin'], async ({ context, request, params }: Route.ActionArgs) => {
  const api = userApi(context, request);
  const form = await request.formData();
  // The page's locale (the address's first segment), for the redirects.
  const locale = new URL(request.url).pathname.split('/')[1];
  try {
    if (await imageIntent(api, params.productId, String(form.get('intent') ?? ''), form)) {
      return { ok: true as const, intent: 'image', error: null, badPrices: [], values: {} };
    }
  } catch (error) {
    return refusal(error, {}, 'image');
  }
  if (form.get('intent') === 'delete') {
    try {
      await api.call('deleteAdminCatalogueModelsByProductIdOptionsByOptionId', {
        path: { productId: params.productId, optionId: params.optionId },
      });
    } catch (error) {
      return refusal(error, {}, 'delete');
    }
    return redirect(`/${locale}/admin/catalogue/${params.productId}?optionDeleted=1`);
  }
  const values = valuesOf(form);
  const model = await api.call('getAdminCatalogueModelsByProductId', { path: { productId: params.productId } });
  const prices: Record<string, number> = {};
  const bad: string[] = [];
  for (const { currency } of model.prices) {
    const amount = minorOf(form.get(`price_${currency}`), true);
    if (amount === null) bad.push(currency);
    else prices[currency] = amount;
  }
  if (bad.length) return { ok: false as const, intent: 'save', error: null, badPrices: bad, values };
  const name = String(form.get('name') ?? '').trim();
  const sortText = String(form.get('sort') ?? '').trim();
  const sort = sortText === '' ? undefined : Number(sortText);
  const isDefault = form.get('isDefault') === 'on';
  const path = { productId: params.productId };
  try {
    if (params.optionId === 'new') {
      const optionId = `${MARKER}${String(form.get('slug') ?? '')
        .trim()
        .toLowerCase()}`;
      await api.call('postAdminCatalogueModelsByProductIdOptions', {
        path,
        body: {
          optionId,
          groupId: String(form.get('groupId') ?? ''),
          name,
          isDefault,
          prices,
          ...(sort !== undefined && Number.isInteger(sort) ? { sort } : {}),
        },
      });
      // The new option's own page.
      return redirect(`/${locale}/admin/catalogue/${params.productId}/options/${optionId}?created=1`);
    }
    await api.call('patchAdminCatalogueModelsByProductIdOptionsByOptionId', {
      path: { ...path, optionId: params.optionId },
      body: {
        ...(name ? { name } : {}),
        ...(isDefault ? { isDefault: true as const } : {}),
        ...(sort !== undefined && Number.isInteger(sort) ? { sort } : {}),
        prices,
      },
    });
    return { ok: true as const, intent: 'save', error: null, badPrices: [], values: {} };
  } catch (error) {
    return refusal(error, values, 'save');
  }
});

export default function AdminCatalogueOption() {
  const { t } = useTranslation();
  const { model, option, groupId, trail, image } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { search } = useLocation();
  const created = new URLSearchParams(search).has('created');
  const saving = navigation.state === 'submitting' && !String(navigation.formData?.get('intent')).startsWith('image');
  const kept = result && !result.ok ? result.values : null;
  const badPrices = result && !result.ok && 'badPrices' in result ? (result.badPrices ?? []) : [];
  const value = (name: string, fallback: string) => kept?.[name] ?? fallback;
  const title = option
    ? optionName(t, { id: option.optionId, name: option.name ?? '', nameKey: option.nameKey })
    : t('admin_catalogue_option_add');
  return (
    <div className="flex flex-col gap-8">
      <RecordHeader back={`/admin/catalogue/${model._id}`} backLabel={t(model.nameKey)} title={title}>
        {option && <code className="text-sm text-neutral-700">{option.optionId}</code>}
      </RecordHeader>
      {(created || result?.ok) && <FormMessage tone="success">{t('admin_catalogue_saved')}</FormMessage>}
      {result && !result.ok && result.error && <FormMessage tone="error">{result.error}</FormMessage>}
      {badPrices.length > 0 && (
        <FormMessage tone="error">
          {t('admin_catalogue_prices_invalid', { currencies: badPrices.join(', ') })}
        </FormMessage>
      )}
      <Form method="post" className="flex max-w-3xl flex-col gap-6" aria-busy={saving}>
        {!option && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Select label={t('admin_catalogue_group')} name="groupId" defaultValue={value('groupId', '')} required>
              {model.groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {t(g.nameKey)}
                </option>
              ))}
            </Select>
            <Field
              label={t('admin_catalogue_option_slug')}
              name="slug"
              required
              pattern="[a-z0-9_]{1,52}"
              maxLength={52}
              hint={t('admin_catalogue_option_slug_hint')}
              defaultValue={value('slug', '')}
            />
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
          <Field
            label={t('admin_catalogue_option_name')}
            name="name"
            required={!option}
            maxLength={120}
            hint={t('admin_catalogue_option_name_hint')}
            defaultValue={value('name', option?.name ?? '')}
          />
          <Field
            label={t('admin_catalogue_position')}
            name="sort"
            type="number"
            min={0}
            max={10000}
            defaultValue={value('sort', option ? String(option.sort) : '')}
            className="w-32"
          />
        </div>
        {option?.isDefault ? (
          <p className="text-sm text-neutral-700">{t('admin_catalogue_is_default')}</p>
        ) : (
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" name="isDefault" defaultChecked={kept?.isDefault === 'on'} className="size-4" />
            {t('admin_catalogue_make_default')}
          </label>
        )}
        <fieldset className="flex flex-col gap-3">
          <legend className="text-base font-semibold">{t('admin_catalogue_option_prices')}</legend>
          <p className="text-sm text-neutral-700">{t('admin_catalogue_option_prices_hint')}</p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {model.prices.map(({ currency }) => (
              <Field
                key={currency}
                label={currency}
                name={`price_${currency}`}
                inputMode="decimal"
                required
                error={badPrices.includes(currency) ? 'admin_catalogue_price_invalid' : undefined}
                defaultValue={value(
                  `price_${currency}`,
                  option?.prices[currency] === undefined ? '' : majorOf(option.prices[currency]),
                )}
              />
            ))}
          </div>
        </fieldset>
        <div>
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            {saving
              ? t('admin_catalogue_saving')
              : option
                ? t('admin_catalogue_save')
                : t('admin_catalogue_option_create')}
          </button>
        </div>
      </Form>
      {option && <OptionImage productId={model._id} optionId={option.optionId} name={title} image={image} />}
      {option && <OptionDelete name={title} isDefault={option.isDefault} />}
      {option && groupId && <AuditTrail entries={trail} />}
    </div>
  );
}
