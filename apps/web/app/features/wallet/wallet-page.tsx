import { Link } from 'react-router';
import type { Answer } from '../../lib/api-call.ts';
import { useFormat } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { Pagination } from '../store/pagination.tsx';
import { WalletBalanceList, WalletHistoryTable } from './history-table.tsx';

export interface WalletPageData {
  wallet: Answer<'getUserWallet'>;
  referral: Answer<'getUserReferral'> | null;
  /** The sign-up link with the customer's code, absolute. */
  referralLink: string | null;
  /** The market's currency, to show the referral credit in. */
  currency: string | null;
}

/**
 * The customer's store credit (issue 25; decision 051): the balance per currency, the history page by page, and
 * their referral code with its sign-up link.
 */
export function WalletPage({ wallet, referral, referralLink, currency }: WalletPageData) {
  const { t } = useTranslation();
  const format = useFormat();
  const localePath = useLocalePath();
  const { history } = wallet;
  return (
    <div className="flex max-w-3xl flex-col gap-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('wallet_title')}</h1>
        <p className="text-neutral-700">{t('wallet_intro')}</p>
      </div>
      <section aria-labelledby="wallet-balance" className="flex flex-col gap-4">
        <h2 id="wallet-balance" className="text-xl font-semibold">
          {t('admin_wallet_balances')}
        </h2>
        {wallet.balances.length === 0 ? (
          <p className="text-neutral-700">{t('wallet_empty')}</p>
        ) : (
          <WalletBalanceList balances={wallet.balances} label={t('admin_wallet_balances')} />
        )}
      </section>
      {history.totalDocs > 0 && (
        <section aria-labelledby="wallet-history" className="flex flex-col gap-4">
          <h2 id="wallet-history" className="text-xl font-semibold">
            {t('admin_wallet_history')}
          </h2>
          <WalletHistoryTable entries={history.docs} label={t('admin_wallet_history')} />
          <Pagination page={history.page} totalPages={history.totalPages} />
        </section>
      )}
      {referral && referralLink && (
        <section aria-labelledby="wallet-referral" className="flex flex-col gap-4 border-t border-neutral-200 pt-8">
          <h2 id="wallet-referral" className="text-xl font-semibold">
            {t('wallet_referral_title')}
          </h2>
          <p className="text-neutral-700">
            {t('wallet_referral_text', {
              amount: format.money(referral.credit, currency ?? 'EUR'),
            })}
          </p>
          <dl className="grid gap-3 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">{t('wallet_referral_code')}</dt>
            <dd className="font-mono text-lg tracking-widest" data-testid="referral-code">
              {referral.code}
            </dd>
            <dt className="font-semibold">{t('wallet_referral_link')}</dt>
            <dd className="min-w-0 break-all">
              <input
                readOnly
                value={referralLink}
                aria-label={t('wallet_referral_link')}
                onFocus={(event) => event.currentTarget.select()}
                className="w-full rounded-lg border border-neutral-300 bg-neutral-50 px-3 py-2 text-sm"
              />
            </dd>
            <dt className="font-semibold">{t('wallet_referral_signups')}</dt>
            <dd className="tabular-nums">{referral.referred}</dd>
          </dl>
          <Link
            to={localePath('/terms/referrals/varg')}
            className="self-start font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900"
          >
            {t('terms_referrals_link')}
          </Link>
        </section>
      )}
    </div>
  );
}
