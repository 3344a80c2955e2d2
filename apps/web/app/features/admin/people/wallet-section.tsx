import { formatMoney, localeTag } from '@varg/domain';
import { Form, useNavigation } from 'react-router';
import type { Answer } from '../../../lib/api-call.ts';
import { formatUtcDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { buttonClass } from '../../../ui/button.ts';
import { Field, Select } from '../../../ui/field.tsx';
import { Section } from './account-sections.tsx';

type Wallet = Answer<'getAdminCustomersByIdWallet'>;

/** Store credit: balance per currency, its history, and a manual credit with a required reason (audited). */
export function WalletSection({ wallet, currencies }: { wallet: Wallet; currencies: string[] }) {
  const { t } = useTranslation();
  const tag = localeTag(useLocale());
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'credit';
  const reasonOf = (reason: string) => {
    const key = `admin_wallet_reason_${reason}`;
    const text = t(key);
    return text === key ? reason : text;
  };
  return (
    <Section id="wallet" title={t('admin_wallet_title')}>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-3">
          {wallet.balances.length === 0 ? (
            <p className="text-sm text-neutral-700">{t('admin_wallet_empty')}</p>
          ) : (
            <ul className="flex flex-wrap gap-3" aria-label={t('admin_wallet_balances')}>
              {wallet.balances.map((b) => (
                <li key={b.currency} className="rounded-xl bg-neutral-100 px-4 py-2 text-lg font-semibold tabular-nums">
                  {formatMoney({ amount: b.amount, currency: b.currency }, tag)}
                </li>
              ))}
            </ul>
          )}
          {wallet.entries.length > 0 && (
            <section
              className="overflow-x-auto rounded-xl border border-neutral-200"
              aria-label={t('admin_wallet_history')}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a narrow screen, so the keyboard must reach it
              tabIndex={0}
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('admin_wallet_history')}</caption>
                <thead className="bg-neutral-50 text-xs tracking-wide text-neutral-700 uppercase">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      {t('admin_audit_when')}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t('admin_wallet_reason')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      {t('invoices_amount')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-neutral-200">
                  {wallet.entries.map((e) => (
                    <tr key={e._id}>
                      <td className="px-3 py-2 whitespace-nowrap">{formatUtcDateTime(e.createdAt, tag)}</td>
                      <td className="px-3 py-2">
                        {reasonOf(e.reason)}
                        {e.note && <span className="block text-neutral-700">{e.note}</span>}
                      </td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatMoney({ amount: e.amount, currency: e.currency }, tag)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </div>
        {/* A new key after each credit empties the form; a refused one keeps what was typed. */}
        <Form method="post" key={wallet.entries.length} className="flex flex-col gap-3 rounded-xl bg-neutral-50 p-4">
          <h3 className="font-semibold">{t('admin_wallet_credit_title')}</h3>
          <input type="hidden" name="intent" value="credit" />
          <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-3">
            <Field label={t('invoices_amount')} name="amount" inputMode="decimal" required placeholder="50.00" />
            <Select label={t('invoices_currency')} name="currency" defaultValue={currencies[0]}>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          </div>
          <Field label={t('admin_wallet_reason')} name="reason" required minLength={3} maxLength={500} />
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? t('admin_customer_working') : t('admin_wallet_credit')}
          </button>
        </Form>
      </div>
    </Section>
  );
}
