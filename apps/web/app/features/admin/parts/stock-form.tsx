import { Form, useNavigation } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { buttonClass } from '../../../ui/button.ts';
import { Field } from '../../../ui/field.tsx';

/** A count of the SKU's stock (decision 060): quantity on hand (empty: not counted), low-stock mark, back-orders, why. */
export function StockForm({
  part,
  kept,
  bad,
}: {
  part: { quantity: number | null; lowStockAt: number | null; backorder: boolean; shopAvailability: string };
  kept: Record<string, string> | null;
  bad: boolean;
}) {
  const { t } = useTranslation();
  const saving = useNavigation().state === 'submitting';
  const text = (n: number | null) => (n === null ? '' : String(n));
  return (
    <Form method="post" className="flex max-w-3xl flex-col gap-4" aria-busy={saving}>
      <input type="hidden" name="intent" value="stock" />
      <h2 className="text-xl font-semibold">{t('admin_parts_stock_title')}</h2>
      <p className="text-neutral-700">
        {t('admin_parts_stock_shop', { availability: t(`store_availability_${part.shopAvailability}`) })}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('admin_parts_quantity')}
          hint={t('admin_parts_quantity_hint')}
          name="quantity"
          inputMode="numeric"
          error={bad ? 'admin_parts_quantity_invalid' : undefined}
          defaultValue={kept?.quantity ?? text(part.quantity)}
        />
        <Field
          label={t('admin_parts_low_stock_at')}
          hint={t('admin_parts_low_stock_at_hint')}
          name="lowStockAt"
          inputMode="numeric"
          error={bad ? 'admin_parts_quantity_invalid' : undefined}
          defaultValue={kept?.lowStockAt ?? text(part.lowStockAt)}
        />
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="backorder" defaultChecked={kept ? kept.backorder === 'on' : part.backorder} />
        {t('admin_parts_backorder')}
      </label>
      <Field
        label={t('admin_parts_stock_reason')}
        hint={t('admin_parts_stock_reason_hint')}
        name="reason"
        required
        minLength={3}
        maxLength={300}
        defaultValue={kept?.reason ?? ''}
      />
      <div>
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {t('admin_parts_stock_save')}
        </button>
      </div>
    </Form>
  );
}

/** A whole number typed in a stock field; null for an empty field, undefined when it is not one. */
export function countOf(value: FormDataEntryValue | null): number | null | undefined {
  const text = String(value ?? '').trim();
  if (!text) return null;
  return /^\d{1,7}$/.test(text) ? Number(text) : undefined;
}
