import type { AdminOrderRow, BulkCancelResult } from '@varg/contracts';
import { useEffect, useRef } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { buttonClass } from '../../../ui/button.ts';
import { FormMessage } from '../../../ui/field.tsx';

/** The bulk cancel's steps: nothing selected, the selection to confirm, the results per order. */
export type BulkState =
  | { step: 'none' }
  | { step: 'error'; message: string }
  | { step: 'review'; ids: string[] }
  | { step: 'done'; results: BulkCancelResult['results'] };

/**
 * Cancelling the selected unpaid orders past their deadline (decision 042): the rows' checkboxes belong to the form
 * `bulk-cancel`; its first submit asks to confirm (the orders named, what will happen), the second cancels each and
 * reports each order's outcome. Works without JavaScript; focus moves to the confirmation and to the results.
 */
export function BulkCancel({
  state,
  rows,
  busy,
}: {
  state: BulkState | undefined;
  rows: AdminOrderRow[];
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const focus = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state?.step === 'review' || state?.step === 'done') focus.current?.focus();
  }, [state]);
  const numberOf = (id: string) => rows.find((r) => r.id === id)?.number ?? id;
  return (
    <div className="flex flex-col gap-3">
      <Form method="post" id="bulk-cancel" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="review" />
        <button type="submit" className={buttonClass.secondary} disabled={busy}>
          {t('admin_orders_bulk_cancel')}
        </button>
      </Form>
      {state?.step === 'none' && <FormMessage tone="error">{t('admin_orders_bulk_none')}</FormMessage>}
      {state?.step === 'error' && <FormMessage tone="error">{state.message}</FormMessage>}
      {state?.step === 'review' && (
        <section
          aria-labelledby="bulk-confirm-title"
          className="flex flex-col gap-3 rounded-xl border-2 border-neutral-900 bg-white p-4"
        >
          <h2 id="bulk-confirm-title" ref={focus} tabIndex={-1} className="text-lg font-semibold">
            {t('admin_orders_bulk_confirm_title')}
          </h2>
          <p className="text-neutral-700">{t('admin_orders_bulk_confirm_text')}</p>
          <ul className="flex flex-wrap gap-2 text-sm">
            {state.ids.map((id) => (
              <li key={id} className="rounded-full bg-neutral-100 px-3 py-1 font-medium">
                {t('admin_orders_order_title', { number: numberOf(id) })}
              </li>
            ))}
          </ul>
          <Form method="post" className="flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="confirm" />
            {state.ids.map((id) => (
              <input key={id} type="hidden" name="ids" value={id} />
            ))}
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              {t('admin_orders_bulk_confirm')}
            </button>
            <Link to={search || '?'} className={buttonClass.secondary} preventScrollReset>
              {t('admin_orders_bulk_keep')}
            </Link>
          </Form>
        </section>
      )}
      {state?.step === 'done' && (
        <section aria-labelledby="bulk-results-title" className="flex flex-col gap-2" role="status">
          <h2 id="bulk-results-title" ref={focus} tabIndex={-1} className="text-lg font-semibold">
            {t('admin_orders_bulk_results')}
          </h2>
          <ul className="flex flex-col gap-1 text-sm">
            {state.results.map((r) => (
              <li key={r.id} className={r.ok ? 'text-green-800' : 'text-red-800'}>
                {r.ok
                  ? t('admin_orders_bulk_result_ok', { number: r.number ?? r.id })
                  : t('admin_orders_bulk_result_failed', { number: r.number ?? r.id, message: r.message ?? '' })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
