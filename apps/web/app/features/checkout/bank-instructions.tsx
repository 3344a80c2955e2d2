import { formatLocaleSegment } from '@varg/domain';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocale } from '../../lib/use-locale.ts';
import type { BankInstructionsView } from './types.ts';

/** Where to send a bank transfer to a virtual account (Stripe's instructions, or the sandbox's). */
export function Instructions({ instructions: i }: { instructions: BankInstructionsView }) {
  const { t } = useTranslation();
  const tag = formatLocaleSegment(useLocale());
  const m = (amount: number) => money(amount, i.currency, tag);
  const rows: Array<[string, string | null, boolean]> = [
    [t('checkout_bank_beneficiary'), i.accountHolder, false],
    [t('checkout_bank_name'), i.bankName, false],
    ['IBAN', i.iban, true],
    ['BIC', i.bic, true],
    [t('checkout_bank_sort_code'), i.sortCode, true],
    [t('checkout_bank_routing_number'), i.routingNumber, true],
    [t('checkout_bank_account_number'), i.accountNumber, true],
    [t('checkout_bank_reference'), i.reference, true],
  ];
  return (
    <div className="mt-6 rounded-2xl bg-neutral-100 p-6">
      <h3 className="font-semibold">{t('checkout_bank_details')}</h3>
      <p className="mt-1 text-sm text-neutral-700">
        {t('checkout_bank_instructions', { amount: m(i.amountRemaining) })}
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {rows
          .filter(([, value]) => value)
          .map(([label, value, mono]) => (
            <div key={label} className="contents">
              <dt className="text-neutral-600">{label}</dt>
              <dd className={mono ? 'font-mono break-all' : ''}>{value}</dd>
            </div>
          ))}
        <dt className="text-neutral-600">{t('checkout_total')}</dt>
        <dd data-testid="bank-amount">{m(i.amountRemaining)}</dd>
      </dl>
      {i.hostedUrl ? (
        <a href={i.hostedUrl} className="mt-4 inline-block text-sm underline" target="_blank" rel="noreferrer">
          {t('checkout_bank_hosted')}
        </a>
      ) : null}
    </div>
  );
}
