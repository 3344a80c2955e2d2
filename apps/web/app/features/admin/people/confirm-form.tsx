import type { ReactNode } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import { buttonClass } from '../../../ui/button.ts';
import { useShell } from '../../shell/providers.tsx';

/**
 * A one-button back-office action (`intent` with hidden fields). With `confirm`, the shell's modal asks first and says
 * what will happen; without JavaScript the form posts straight away. The button shows `pending` while it runs.
 */
export function ActionForm({
  intent,
  fields = {},
  label,
  pending,
  confirm,
  tone = 'secondary',
  ariaLabel,
  children,
}: {
  intent: string;
  fields?: Record<string, string>;
  label: ReactNode;
  pending: string;
  confirm?: { title: string; description: string };
  tone?: 'primary' | 'secondary';
  ariaLabel?: string;
  /** Fields typed before the button (e.g. a reason), sent with it. */
  children?: ReactNode;
}) {
  const { confirm: ask } = useShell();
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <Form
      method="post"
      onSubmit={async (event) => {
        if (!confirm) return;
        event.preventDefault();
        const form = event.currentTarget;
        if (await ask(confirm)) await submit(form);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button type="submit" className={buttonClass[tone]} disabled={busy} aria-label={ariaLabel}>
        {busy ? pending : label}
      </button>
    </Form>
  );
}
