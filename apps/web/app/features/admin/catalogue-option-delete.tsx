import { Form, useNavigation, useSubmit } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';
import { useShell } from '../shell/providers.tsx';

/**
 * Deleting an option (decision 055), on its page: asks first, naming the option. The group's default cannot be deleted
 * (another option must become the default first), so it only says so; the API refuses an option that orders or stock
 * bikes carry, and the page shows that message.
 */
export function OptionDelete({ name, isDefault }: { name: string; isDefault: boolean }) {
  const { t } = useTranslation();
  const { confirm } = useShell();
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete';
  return (
    <section aria-labelledby="option-delete" className="flex max-w-3xl flex-col gap-3">
      <h2 id="option-delete" className="text-lg font-semibold">
        {t('admin_catalogue_option_delete')}
      </h2>
      {isDefault ? (
        <p className="text-sm text-neutral-700">{t('admin_catalogue_option_delete_default')}</p>
      ) : (
        <>
          <p className="text-sm text-neutral-700">{t('admin_catalogue_option_delete_hint')}</p>
          <Form
            method="post"
            onSubmit={async (event) => {
              event.preventDefault();
              const form = event.currentTarget;
              if (await confirm({ title: t('admin_catalogue_option_delete_confirm', { name }) })) await submit(form);
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className={buttonClass.secondary} disabled={busy}>
              {busy ? t('admin_catalogue_saving') : t('admin_catalogue_option_delete')}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
