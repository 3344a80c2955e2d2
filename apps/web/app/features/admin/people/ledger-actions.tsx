import type { LedgerEntry } from '@varg/contracts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Field } from '../../../ui/field.tsx';
import { ActionForm } from './confirm-form.tsx';

/**
 * What an administrator may do with one ledger entry (decision 054): an open invoice (overdue included) is marked paid,
 * an open entry voided with a reason; both ask first. A paid or void entry is final: nothing is offered.
 */
export function LedgerEntryActions({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation();
  if (entry.status === 'paid' || entry.status === 'void') return null;
  const number = { number: entry.number };
  return (
    <div className="flex flex-col items-start gap-2">
      {entry.kind === 'invoice' && (
        <ActionForm
          intent="ledger-paid"
          fields={{ entryId: entry._id }}
          label={t('admin_dealer_ledger_mark_paid')}
          // The visible label first, then which invoice: a spoken name that holds what is seen (WCAG 2.5.3).
          ariaLabel={`${t('admin_dealer_ledger_mark_paid')} ${entry.number}`}
          pending={t('admin_customer_working')}
          confirm={{
            title: t('admin_dealer_ledger_paid_confirm', number),
            description: t('admin_dealer_ledger_paid_confirm_text'),
          }}
        />
      )}
      <details className="group">
        <summary className="cursor-pointer text-sm underline underline-offset-2">
          {t('admin_dealer_ledger_void')}
        </summary>
        <div className="mt-2 w-56">
          <ActionForm
            intent="ledger-void"
            fields={{ entryId: entry._id }}
            label={t('admin_dealer_ledger_void_submit')}
            pending={t('admin_customer_working')}
            confirm={{
              title: t('admin_dealer_ledger_void_confirm', number),
              description: t('admin_dealer_ledger_void_confirm_text'),
            }}
          >
            <Field
              label={t('admin_dealer_ledger_void_reason', number)}
              name="reason"
              required
              minLength={3}
              maxLength={300}
              className="mb-2"
            />
          </ActionForm>
        </div>
      </details>
    </div>
  );
}
