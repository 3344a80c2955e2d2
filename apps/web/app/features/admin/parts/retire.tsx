import { Form, useNavigation, useSubmit } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { buttonClass } from '../../../ui/button.ts';
import { useShell } from '../../shell/providers.tsx';

/** Retire a SKU (hidden from the shop, kept for orders) after a confirmation, or put a retired one back on sale. */
export function RetireSection({ retired, sku }: { retired: boolean; sku: string }) {
  const { t } = useTranslation();
  const { confirm } = useShell();
  const submit = useSubmit();
  const busy = useNavigation().state === 'submitting';
  return (
    <section className="flex max-w-3xl flex-col gap-3">
      <h2 className="text-xl font-semibold">{t(retired ? 'admin_parts_restore_title' : 'admin_parts_retire_title')}</h2>
      <p className="text-neutral-700">{t(retired ? 'admin_parts_restore_text' : 'admin_parts_retire_text')}</p>
      <Form
        method="post"
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          if (retired || (await confirm({ title: t('admin_parts_retire_confirm', { sku }) }))) await submit(form);
        }}
      >
        <input type="hidden" name="intent" value={retired ? 'restore' : 'retire'} />
        <div>
          <button type="submit" className={buttonClass.secondary} disabled={busy}>
            {t(retired ? 'admin_parts_restore' : 'admin_parts_retire')}
          </button>
        </div>
      </Form>
    </section>
  );
}
