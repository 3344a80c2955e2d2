import { Form, useNavigation } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { buttonClass } from '../../../ui/button.ts';
import { Field, FormMessage } from '../../../ui/field.tsx';
import type { BatchValues } from './batch.ts';

/**
 * The form of a batch of axes (scheduling one, or editing one before it starts): slug, times in UTC, amounts in euros,
 * the batch size and featured axes, the anti-sniping minutes. It keeps what was typed when the server refuses it.
 */
export function BatchForm({
  values,
  intent,
  submit,
  pending,
  error,
}: {
  values: BatchValues;
  intent: string;
  submit: string;
  pending: string;
  error?: string | null | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const grid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';
  return (
    <Form method="post" className="flex flex-col gap-4" aria-busy={busy}>
      <input type="hidden" name="intent" value={intent} />
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className={grid}>
        <Field
          label={t('admin_auction_slug')}
          name="slug"
          required
          maxLength={32}
          pattern="[a-zA-Z0-9][a-zA-Z0-9\-]{1,31}"
          hint={t('admin_auction_slug_hint')}
          defaultValue={values.slug}
        />
        <Field
          label={t('admin_auction_starts')}
          name="startsAt"
          type="datetime-local"
          required
          defaultValue={values.startsAt}
        />
        <Field
          label={t('admin_auction_ends')}
          name="endsAt"
          type="datetime-local"
          required
          defaultValue={values.endsAt}
        />
        <Field
          label={t('admin_auction_reserve')}
          name="reserve"
          inputMode="decimal"
          required
          hint={t('admin_auction_reserve_hint')}
          defaultValue={values.reserve}
        />
        <Field
          label={t('admin_auction_increment')}
          name="increment"
          inputMode="decimal"
          required
          hint={t('admin_auction_increment_hint')}
          defaultValue={values.increment}
        />
        <Field
          label={t('admin_auction_axes')}
          name="axes"
          type="number"
          min={1}
          max={1000}
          required
          hint={t('admin_auction_axes_hint')}
          defaultValue={values.axes}
        />
        <Field
          label={t('admin_auction_featured')}
          name="featured"
          hint={t('admin_auction_featured_hint')}
          defaultValue={values.featured}
        />
        <Field
          label={t('admin_auction_window')}
          name="window"
          type="number"
          min={0}
          max={1440}
          required
          hint={t('admin_auction_window_hint')}
          defaultValue={values.window}
        />
        <Field
          label={t('admin_auction_extension')}
          name="extension"
          type="number"
          min={0}
          max={1440}
          required
          hint={t('admin_auction_extension_hint')}
          defaultValue={values.extension}
        />
      </div>
      <button type="submit" className={`${buttonClass.primary} self-start`} disabled={busy}>
        {busy ? pending : submit}
      </button>
    </Form>
  );
}
