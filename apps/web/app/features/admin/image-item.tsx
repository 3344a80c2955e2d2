import type { ReactNode } from 'react';
import { Form, useSubmit } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';
import { useShell } from '../shell/providers.tsx';

// The buttons of one image in a back-office gallery (stock-bike photos, model and option images): move up or down, and
// remove after a confirmation. Intents are `<prefix>-up`, `<prefix>-down`, `<prefix>-remove`, for the page's action.

/** The image's form: its id in `idField`; the remove button asks `confirmTitle` first, the others submit at once. */
export function ImageItemForm({
  idField,
  id,
  prefix,
  confirmTitle,
  children,
}: {
  idField: string;
  id: string;
  prefix: string;
  confirmTitle: string;
  children: ReactNode;
}) {
  const { confirm } = useShell();
  const submit = useSubmit();
  return (
    <Form
      method="post"
      className="flex flex-wrap gap-1"
      onSubmit={async (event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value !== `${prefix}-remove`) return;
        event.preventDefault();
        const form = event.currentTarget;
        if (await confirm({ title: confirmTitle })) {
          const data = new FormData(form);
          data.set('intent', `${prefix}-remove`);
          await submit(data, { method: 'post' });
        }
      }}
    >
      <input type="hidden" name={idField} value={id} />
      {children}
    </Form>
  );
}

export function MoveButtons({
  prefix,
  first,
  last,
  busy,
}: {
  prefix: string;
  first: boolean;
  last: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="submit"
        name="intent"
        value={`${prefix}-up`}
        className={buttonClass.secondary}
        disabled={busy || first}
      >
        <span aria-hidden="true">↑</span>
        <span className="sr-only">{t('admin_stock_photo_up')}</span>
      </button>
      <button
        type="submit"
        name="intent"
        value={`${prefix}-down`}
        className={buttonClass.secondary}
        disabled={busy || last}
      >
        <span aria-hidden="true">↓</span>
        <span className="sr-only">{t('admin_stock_photo_down')}</span>
      </button>
    </>
  );
}

export function RemoveButton({ prefix, busy }: { prefix: string; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <button type="submit" name="intent" value={`${prefix}-remove`} className={buttonClass.secondary} disabled={busy}>
      {t('admin_stock_photo_remove')}
    </button>
  );
}
