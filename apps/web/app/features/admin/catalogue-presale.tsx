import { Form, useNavigation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';
import { TextArea } from '../../ui/field.tsx';

/** The addresses typed in the invitations field: one a line, or separated by commas, semicolons or spaces. */
export function presaleEmailsOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

/**
 * A preorder model's invited addresses (decision 052): confirmed accounts with these addresses see the model. The list
 * replaces the saved one; what was typed stays after a refusal.
 */
export function PresaleInvites({ emails, typed }: { emails: readonly string[]; typed?: string | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'presale';
  return (
    <section aria-labelledby="presale-invites" className="flex flex-col gap-4">
      <h2 id="presale-invites" className="text-lg font-semibold">
        {t('admin_catalogue_presale')}
      </h2>
      <Form method="post" className="flex max-w-xl flex-col gap-3">
        <input type="hidden" name="intent" value="presale" />
        <TextArea
          label={t('admin_catalogue_presale_emails')}
          hint={t('admin_catalogue_presale_hint')}
          name="presaleEmails"
          rows={6}
          defaultValue={typed ?? emails.join('\n')}
        />
        <button type="submit" className={`${buttonClass.primary} self-start`} disabled={saving}>
          {saving ? t('admin_catalogue_saving') : t('admin_catalogue_save')}
        </button>
      </Form>
    </section>
  );
}
