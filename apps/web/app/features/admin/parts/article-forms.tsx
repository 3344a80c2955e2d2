import { AVAILABILITIES, BIKE_MODELS } from '@varg/domain';
import { Form, useNavigation } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { buttonClass } from '../../../ui/button.ts';
import { Field, Select, TextArea } from '../../../ui/field.tsx';
import { KIND_KEYS } from '../parts.ts';

type Kept = Record<string, string> | null;
const modelName = (model: string) => `model_${model.replace(/-/g, '_')}_name`;

/** A new article: its group (which gives its kind), id, printed name, drawing reference and whether it is a kit. */
export function NewArticleForm({
  groups,
  kept,
}: {
  groups: { slug: string; nameKey: string; categoryNameKey: string; kind: keyof typeof KIND_KEYS }[];
  kept: Kept;
}) {
  const { t } = useTranslation();
  const saving = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="flex max-w-xl flex-col gap-4" aria-busy={saving}>
      <input type="hidden" name="intent" value="create" />
      <Select label={t('admin_parts_group')} name="group" required defaultValue={kept?.group ?? ''}>
        <option value="" disabled>
          {t('admin_parts_group_choose')}
        </option>
        {groups.map((g) => (
          <option key={g.slug} value={g.slug}>
            {`${t(KIND_KEYS[g.kind])} · ${t(g.categoryNameKey)} · ${t(g.nameKey)}`}
          </option>
        ))}
      </Select>
      <Field
        label={t('admin_parts_article_id')}
        hint={t('admin_parts_article_id_hint')}
        name="id"
        required
        pattern="[a-z0-9][a-z0-9\-]{1,63}"
        defaultValue={kept?.id ?? ''}
      />
      <Field
        label={t('admin_parts_name')}
        hint={t('admin_parts_name_hint')}
        name="name"
        required
        minLength={2}
        maxLength={120}
        defaultValue={kept?.name ?? ''}
      />
      <Field
        label={t('admin_parts_drawing_reference')}
        name="drawingReference"
        maxLength={32}
        defaultValue={kept?.drawingReference ?? ''}
      />
      <label className="flex items-center gap-2">
        <input type="checkbox" name="kit" defaultChecked={kept?.kit === 'on'} />
        {t('admin_parts_kit')}
      </label>
      <div>
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {t('admin_parts_article_create')}
        </button>
      </div>
    </Form>
  );
}

/** Which models an article fits: as its group, or the models ticked (none ticked: every model). */
export function FitmentForm({ fits, fromGroup }: { fits: string[]; fromGroup: boolean }) {
  const { t } = useTranslation();
  const saving = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="flex flex-col gap-3" aria-busy={saving}>
      <input type="hidden" name="intent" value="fitment" />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-base font-semibold">{t('admin_parts_fitment')}</legend>
        <p className="text-sm text-neutral-700">{t('admin_parts_fitment_hint')}</p>
        <label className="flex items-center gap-2">
          <input type="radio" name="source" value="group" defaultChecked={fromGroup} />
          {t('admin_parts_fitment_group')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="source" value="article" defaultChecked={!fromGroup} />
          {t('admin_parts_fitment_article')}
        </label>
        <div className="flex flex-wrap gap-4 pl-6">
          {BIKE_MODELS.map((model) => (
            <label key={model} className="flex items-center gap-2">
              <input type="checkbox" name="models" value={model} defaultChecked={!fromGroup && fits.includes(model)} />
              {t(modelName(model))}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <button type="submit" className={buttonClass.secondary} disabled={saving}>
          {t('admin_parts_fitment_save')}
        </button>
      </div>
    </Form>
  );
}

/** A new SKU of the article: code, attributes (one `name: value` a line), stock state and a price per currency. */
export function NewSkuForm({ currencies, kept, badPrices }: { currencies: string[]; kept: Kept; badPrices: string[] }) {
  const { t } = useTranslation();
  const saving = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="flex flex-col gap-4" aria-busy={saving}>
      <input type="hidden" name="intent" value="sku" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('admin_parts_sku')}
          hint={t('admin_parts_sku_hint')}
          name="sku"
          required
          maxLength={40}
          defaultValue={kept?.sku ?? ''}
        />
        <Select
          label={t('admin_parts_availability')}
          name="availability"
          defaultValue={kept?.availability ?? 'AVAILABLE'}
        >
          {AVAILABILITIES.map((value) => (
            <option key={value} value={value}>
              {t(`store_availability_${value}`)}
            </option>
          ))}
        </Select>
      </div>
      <TextArea
        label={t('admin_parts_attributes')}
        hint={t('admin_parts_attributes_hint')}
        name="attributes"
        rows={3}
        defaultValue={kept?.attributes ?? ''}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="text-base font-semibold">{t('admin_parts_prices')}</legend>
        <p className="text-sm text-neutral-700">{t('admin_parts_new_prices_hint')}</p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {currencies.map((currency) => (
            <Field
              key={currency}
              label={`${t('admin_parts_price')} ${currency}`}
              name={`price_${currency}`}
              inputMode="decimal"
              error={badPrices.includes(currency) ? 'admin_catalogue_price_invalid' : undefined}
              defaultValue={kept?.[`price_${currency}`] ?? ''}
            />
          ))}
        </div>
      </fieldset>
      <div>
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {t('admin_parts_sku_create')}
        </button>
      </div>
    </Form>
  );
}
