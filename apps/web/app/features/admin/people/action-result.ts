import { useEffect, useRef } from 'react';
import { data } from 'react-router';
import { isApiRequestError } from '../../../lib/api.ts';
import { type FieldError, type FieldErrors, fieldErrorKey } from '../../../lib/field-error.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useShell } from '../../shell/providers.tsx';

/** What a back-office form's action answers: done (a message key to toast) or refused (the API's translated message). */
export type ActionResult =
  | { ok: true; intent: string; done: string }
  | { ok: false; intent: string; error: string; fieldError?: FieldError };

/**
 * Runs one back-office change through the API: success names its message; a 4xx answers the API's translated message
 * with the API's status code (the page re-renders with the form's typed values in place).
 */
export async function runAdminAction(intent: string, done: string, work: () => Promise<unknown>) {
  try {
    await work();
    return { ok: true as const, intent, done };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data({ ok: false as const, intent, error: error.message }, error.status);
  }
}

/** A form the operation's schema refused before it was sent: the first bad field's error, with status 400. */
export function refusedForm(intent: string, errors: FieldErrors) {
  const fieldError = Object.values(errors)[0] ?? 'form_invalid';
  return data({ ok: false as const, intent, error: fieldErrorKey(fieldError) ?? 'form_invalid', fieldError }, 400);
}

/** A toast for each new success of the page's action (the message stays in the page for screen readers too). */
export function useResultToast(result: ActionResult | undefined) {
  const { toast } = useShell();
  const { t } = useTranslation();
  const shown = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || result === shown.current) return;
    shown.current = result;
    if (result.ok) toast({ message: t(result.done), theme: 'light', duration: 4000 });
  }, [result, toast, t]);
}
