import { Form, useNavigation } from 'react-router';
import type { Answer } from '../../../lib/api-call.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { buttonClass } from '../../../ui/button.ts';
import { Field, Select } from '../../../ui/field.tsx';
import { WalletBalanceList, WalletHistoryTable } from '../../wallet/history-table.tsx';
import { Section } from './account-sections.tsx';

type Wallet = Answer<'getAdminCustomersByIdWallet'>;

/** Store credit: balance per currency, its history, and a manual credit with a required reason (audited). */
export function WalletSection({ wallet, currencies }: { wallet: Wallet; currencies: string[] }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'credit';
  return (
    <Section id="wallet" title={t('admin_wallet_title')}>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-3">
          {wallet.balances.length === 0 ? (
            <p className="text-sm text-neutral-700">{t('admin_wallet_empty')}</p>
          ) : (
            <WalletBalanceList balances={wallet.balances} label={t('admin_wallet_balances')} />
          )}
          {wallet.entries.length > 0 && (
            <WalletHistoryTable entries={wallet.entries} label={t('admin_wallet_history')} />
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
