// A saved card (with its delete, confirmed in the shell's dialog, or on the page without JavaScript) and the sandbox's
// card form.
import { cardBrandLabel, cardExpiry, maskedCardNumber, type SavedCard } from '@varg/domain';
import { Form, Link, useLocation, useNavigation, useSubmit } from 'react-router';
import type { FieldError } from '../../lib/field-error.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { SubmitButton } from '../../ui/account-fields.tsx';
import { buttonClass } from '../../ui/button.ts';
import { CardFields } from '../checkout/card-fields.tsx';
import { useShell } from '../shell/providers.tsx';

export function CardItem({ card, confirming }: { card: SavedCard; confirming: boolean }) {
  const { t } = useTranslation();
  const { confirm } = useShell();
  const submit = useSubmit();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const deleting = navigation.state !== 'idle' && navigation.formData?.get('id') === card.id;
  const brand = cardBrandLabel(card.brand);
  const expiry = cardExpiry(card.exp_month, card.exp_year);
  const name = `${brand} ${t('cards_ending', { last4: card.last4 })}`;
  const deleteForm = (
    <>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={card.id} />
    </>
  );
  return (
    <li className="flex flex-col justify-between gap-4 rounded-xl border border-neutral-200 bg-white p-4">
      <div className="flex flex-col gap-1">
        <span className="text-sm font-bold tracking-wide text-neutral-900">{brand}</span>
        <span className="font-mono text-base whitespace-nowrap text-neutral-900">
          <span aria-hidden="true">{maskedCardNumber(card.last4)}</span>
          <span className="sr-only">{t('cards_ending', { last4: card.last4 })}</span>
        </span>
        <span className="text-sm text-neutral-600">{t('cards_expires', { date: expiry })}</span>
      </div>
      {confirming ? (
        // The confirm step without JavaScript: the first submit only asked.
        <Form method="post" action={pathname} className="flex flex-col gap-3">
          <p role="status" className="text-sm font-medium text-neutral-900">
            {t('cards_delete_confirm')}
          </p>
          {deleteForm}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass.primary} disabled={deleting}>
              {t('cards_delete_yes')}
            </button>
            <Link to={pathname} className={buttonClass.secondary}>
              {t('cards_delete_cancel')}
            </Link>
          </div>
        </Form>
      ) : (
        <Form
          method="post"
          action={pathname}
          onSubmit={async (event) => {
            // With JavaScript, ask in the shell's confirm dialog; without it the page asks (intent confirm-delete).
            event.preventDefault();
            const yes = await confirm({ title: t('cards_delete_confirm'), description: `${name}, ${expiry}` });
            if (yes) await submit({ intent: 'delete', id: card.id }, { method: 'post', action: pathname });
          }}
        >
          <input type="hidden" name="intent" value="confirm-delete" />
          <input type="hidden" name="id" value={card.id} />
          <button
            type="submit"
            className={`${buttonClass.secondary} w-full sm:w-auto`}
            disabled={deleting}
            aria-label={t('cards_delete_label', { card: name })}
          >
            {t('cards_delete')}
          </button>
        </Form>
      )}
    </li>
  );
}

export function CardForm({
  errors,
  values,
  busy,
}: {
  errors: Record<string, FieldError | undefined>;
  values: Record<string, string | undefined>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    // Posted to the path without the deeplink query, so the saved card's redirect clears the deeplink for good.
    <Form method="post" action={pathname} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="add" />
      <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        {t('cards_sandbox_note')}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <CardFields errors={errors} values={values} numberClassName="sm:col-span-2" />
      </div>
      <div>
        <SubmitButton busy={busy} busyLabel={t('form_saving')}>
          {t('cards_save')}
        </SubmitButton>
      </div>
    </Form>
  );
}
