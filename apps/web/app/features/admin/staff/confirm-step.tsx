import { useEffect, useRef } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { buttonClass } from '../../../ui/button.ts';

/**
 * The confirm step of a destructive change (decision 040): the action answered "confirm first"; this repeats the
 * submitted fields with `confirmed=1`. Works without JavaScript; takes focus when it appears so keyboard and screen
 * reader users land on the question.
 */
export function ConfirmStep({
  question,
  fields,
  confirmLabel,
  cancelLabel,
}: {
  question: string;
  fields: Record<string, string | string[]>;
  confirmLabel: string;
  cancelLabel: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const busy = useNavigation().state === 'submitting';
  const location = useLocation();
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby="confirm-question"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 outline-none focus-visible:ring-2 focus-visible:ring-amber-500"
    >
      <p id="confirm-question" className="font-medium text-amber-950">
        {question}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-3">
        {Object.entries(fields).flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((v) => (
            <input key={`${name}-${v}`} type="hidden" name={name} value={v} />
          )),
        )}
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {confirmLabel}
        </button>
        <Link to={`${location.pathname}${location.search}`} className={buttonClass.secondary} preventScrollReset>
          {cancelLabel}
        </Link>
      </Form>
    </div>
  );
}
