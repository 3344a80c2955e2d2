import { useFormat } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { FormMessage } from '../../../ui/field.tsx';
import type { OrderActionResult } from './actions.server.ts';

/** What an action did, above the page (a failure is shown at its form, with the values typed). */
export function ActionMessage({ result }: { result: OrderActionResult | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!result?.ok) return null;
  const amount = result.amount !== undefined && result.currency ? format.money(result.amount, result.currency) : '';
  return (
    <div className="flex flex-col gap-2">
      <FormMessage tone="success">{t(result.key, { amount, email: result.email ?? '' })}</FormMessage>
      {result.warning && <FormMessage tone="error">{t(result.warning)}</FormMessage>}
    </div>
  );
}

/** The failure of this form's last submit, translated (a catalog key, or the API's message). */
export function FormError({
  result,
  intent,
  match,
}: {
  result: OrderActionResult | undefined;
  intent: string;
  match?: Record<string, string>;
}) {
  const { t } = useTranslation();
  if (!result || result.ok || result.intent !== intent) return null;
  if (match && Object.entries(match).some(([k, v]) => result.values[k] !== v)) return null;
  return <FormMessage tone="error">{t(result.error)}</FormMessage>;
}

/** The value typed in this form before a failed submit (so the form keeps it), else the default. */
export function typed(result: OrderActionResult | undefined, intent: string, name: string, fallback = ''): string {
  return result && !result.ok && result.intent === intent ? (result.values[name] ?? fallback) : fallback;
}
