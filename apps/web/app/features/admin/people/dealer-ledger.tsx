import { formatMoney, localeTag } from '@varg/domain';
import { Form, useNavigation } from 'react-router';
import type { Answer } from '../../../lib/api-call.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { buttonClass } from '../../../ui/button.ts';
import { Field, Select } from '../../../ui/field.tsx';
import { Section } from './account-sections.tsx';
import { LedgerEntryActions } from './ledger-actions.tsx';

type Ledger = Answer<'getDealerLedgerInvoiceDealerByDealerId'>;
type Balances = Answer<'getDealerLedgerInvoiceBalancesDealerByDealerId'>;

/**
 * The dealer's ledger as its invoices page shows it (decision 024): balances per currency and the newest entries, and
 * a form to issue an invoice or a credit note, or record a payment received (decision 044); each open entry can be
 * marked paid (invoices) or voided (decision 054).
 */
export function DealerLedgerSection({
  ledger,
  balances,
  currency,
}: {
  ledger: Ledger;
  balances: Balances;
  currency: string;
}) {
  const { t } = useTranslation();
  const tag = localeTag(useLocale());
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'ledger';
  const money = (amount: number, code: string) => formatMoney({ amount, currency: code }, tag);
  return (
    <Section id="ledger" title={t('invoices_title')}>
      {balances.balances.length > 0 && (
        <ul className="flex flex-wrap gap-3" aria-label={t('invoices_balances')}>
          {balances.balances.map((b) => (
            <li key={b.currency} className="rounded-xl bg-neutral-100 px-4 py-2 text-sm">
              <span className="block text-neutral-700">{t('ledger_balance')}</span>
              <span className="text-lg font-semibold tabular-nums">{money(b.balance, b.currency)}</span>
              {b.overdue > 0 && (
                <span className="block text-red-800">
                  {t('ledger_overdue')}: {money(b.overdue, b.currency)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-6 xl:grid-cols-[1fr_24rem]">
        {ledger.docs.length === 0 ? (
          <p className="rounded-xl border border-dashed border-neutral-300 p-4 text-sm text-neutral-700">
            {t('invoices_no_balance')}
          </p>
        ) : (
          <section
            className="overflow-x-auto rounded-xl border border-neutral-200"
            aria-label={t('invoices_table')}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a narrow screen, so the keyboard must reach it
            tabIndex={0}
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('invoices_table')}</caption>
              <thead className="bg-neutral-50 text-xs tracking-wide text-neutral-700 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t('ledger_number')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('invoices_kind')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('ledger_issued')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('ledger_status')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('invoices_amount')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('ledger_balance_after')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('admin_dealer_ledger_actions')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200">
                {ledger.docs.map((e) => (
                  <tr key={e._id}>
                    <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">
                      {e.number}
                      <span className="block font-sans text-neutral-700">{e.description}</span>
                    </td>
                    <td className="px-3 py-2">{t(`ledger_kind_${e.kind}`)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{e.issuedAt}</td>
                    <td className="px-3 py-2">{t(`ledger_status_${e.status}`)}</td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                      {money(e.amount, e.currency)}
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                      {money(e.balanceAfter, e.currency)}
                    </td>
                    <td className="px-3 py-2">
                      <LedgerEntryActions entry={e} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        <Form method="post" key={ledger.totalDocs} className="flex flex-col gap-3 rounded-xl bg-neutral-50 p-4">
          <h3 className="font-semibold">{t('admin_dealer_ledger_issue')}</h3>
          <input type="hidden" name="intent" value="ledger" />
          <Select label={t('invoices_kind')} name="kind" defaultValue="invoice">
            {(['invoice', 'credit_note', 'payment'] as const).map((kind) => (
              <option key={kind} value={kind}>
                {t(`ledger_kind_${kind}`)}
              </option>
            ))}
          </Select>
          <div className="grid grid-cols-[1fr_6rem] gap-3">
            <Field label={t('admin_dealer_ledger_gross')} name="amount" inputMode="decimal" required />
            <Field label={t('invoices_currency')} name="currency" required maxLength={3} defaultValue={currency} />
          </div>
          <Field label={t('admin_dealer_ledger_vat')} name="vat" inputMode="decimal" defaultValue="0" />
          <Field label={t('admin_dealer_ledger_description')} name="description" required maxLength={200} />
          <Field label={t('ledger_due')} name="dueAt" type="date" hint={t('admin_dealer_ledger_due_hint')} />
          <Field label={t('ledger_order_ref')} name="orderReference" maxLength={64} />
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? t('admin_customer_working') : t('admin_dealer_ledger_submit')}
          </button>
        </Form>
      </div>
    </Section>
  );
}
