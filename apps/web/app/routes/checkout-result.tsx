import { formatLocaleSegment } from '@varg/domain';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { data, Link, useLoaderData } from 'react-router';
import { Instructions } from '../features/checkout/bank-instructions.tsx';
import { loadCheckoutResult } from '../features/checkout/result.server.ts';
import { BackToApp } from '../features/deeplink/part-request.tsx';
import { ReservationNotice } from '../features/orders/payments.tsx';
import { deeplinkCookie, recordedDeeplink } from '../lib/deeplink.server.ts';
import { money } from '../lib/format.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/checkout-result';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'checkout_result_title');

/** Opened from the app's part-upgrade deeplink: the way back there is offered, and the deeplink is used up. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await loadCheckoutResult(context, request);
  const deeplink = recordedDeeplink(request);
  if (deeplink?.type !== 'upgradePart' || !result.orders.length) return data({ ...result, appReturn: null });
  return data(
    { ...result, appReturn: deeplink.returnTo },
    { headers: { 'set-cookie': deeplinkCookie(request, null) } },
  );
}

const TITLES = {
  failed: 'checkout_result_failed_title',
  bank: 'checkout_result_bank_title',
  paid: 'checkout_result_paid_title',
  pending: 'checkout_result_pending_title',
  processing: 'checkout_result_processing_title',
  partial: 'checkout_result_partial_title',
} as const;

export default function CheckoutResult() {
  const { t } = useTranslation();
  const result = useLoaderData<typeof loader>();
  const tag = formatLocaleSegment(useLocale());
  const to = useLocalePath();
  if (!result.orders.length)
    return (
      <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
        <XCircle size={48} className="mx-auto text-red-700" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-black tracking-tight">{t('checkout_result_not_found')}</h1>
      </main>
    );
  // The page's headline is the least settled state of the orders (a mixed purchase has two).
  const order = result.orders.map((o) => o.state);
  const state =
    (['failed', 'pending', 'bank', 'processing', 'partial', 'paid'] as const).find((s) => order.includes(s)) ?? 'paid';
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-12">
      <div className="text-center">
        {state === 'failed' ? (
          <XCircle size={48} className="mx-auto text-red-700" aria-hidden="true" />
        ) : state === 'paid' ? (
          <CheckCircle2 size={48} className="mx-auto text-emerald-700" aria-hidden="true" />
        ) : (
          <Clock size={48} className="mx-auto text-amber-700" aria-hidden="true" />
        )}
        <h1 className="mt-4 text-3xl font-black tracking-tight">{t(TITLES[state])}</h1>
        {result.appReturn ? (
          <div className="mt-6">
            <BackToApp returnTo={result.appReturn} />
          </div>
        ) : null}
      </div>
      {result.orders.map(({ order: o, state: own, bank, instructions, bankTransferAmount }) => {
        const m = (amount: number) => money(amount, o.currency, tag);
        const ordersPath = to(o.type === 'store' ? `/orders/parts/${o.id}` : `/orders/my/${o.id}`);
        return (
          <section key={o.id} aria-labelledby={`order-${o.id}`} className="mt-10 border-t border-neutral-200 pt-8">
            <h2 id={`order-${o.id}`} className="text-center text-lg font-semibold">
              {t('checkout_result_order', { number: o.number, email: o.contact.email })}
            </h2>
            {o.reservedUntil || o.reservationLapsed ? (
              <div className="mt-4">
                <ReservationNotice order={o} />
              </div>
            ) : null}
            {own === 'processing' ? (
              <p className="mt-4 text-center text-neutral-700">{t('checkout_result_processing_text')}</p>
            ) : null}
            {own === 'partial' ? (
              <p className="mt-4 text-center text-neutral-700">
                {t('checkout_result_partial_text', { amount: m(o.toPay) })}
              </p>
            ) : null}
            {own === 'bank' && instructions ? <Instructions instructions={instructions} /> : null}
            {own === 'bank' && bank ? (
              <div className="mt-6 rounded-2xl bg-neutral-100 p-6">
                <h3 className="font-semibold">{t('checkout_bank_details')}</h3>
                <p className="mt-1 text-sm text-neutral-700">
                  {t('checkout_bank_instructions', { amount: m(bankTransferAmount) })}
                </p>
                <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
                  <dt className="text-neutral-600">{t('checkout_bank_beneficiary')}</dt>
                  <dd>{bank.beneficiary}</dd>
                  <dt className="text-neutral-600">IBAN</dt>
                  <dd className="font-mono">{bank.iban}</dd>
                  <dt className="text-neutral-600">BIC</dt>
                  <dd className="font-mono">{bank.bic}</dd>
                  <dt className="text-neutral-600">{t('checkout_bank_reference')}</dt>
                  <dd className="font-mono">{bank.reference}</dd>
                  <dt className="text-neutral-600">{t('checkout_total')}</dt>
                  <dd data-testid="bank-amount">{m(bankTransferAmount)}</dd>
                </dl>
              </div>
            ) : null}
            <dl className="mx-auto mt-6 grid max-w-sm grid-cols-2 gap-y-1.5 text-sm">
              <dt>{t('checkout_total')}</dt>
              <dd className="text-right">{m(o.total)}</dd>
              <dt>{t('checkout_result_paid')}</dt>
              <dd className="text-right">{m(o.paid)}</dd>
              <dt className="font-semibold">{t('checkout_result_to_pay')}</dt>
              <dd className="text-right font-semibold">{m(o.toPay)}</dd>
            </dl>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              {own === 'failed' || own === 'pending' ? (
                <Link to={to(`/complete-order/${o.id}`)} className={buttonClass.primary}>
                  {t('checkout_result_retry')}
                </Link>
              ) : null}
              {own === 'partial' ? (
                <Link to={to(`/complete-order/${o.id}`)} className={buttonClass.secondary}>
                  {t('orders_pay_balance')}
                </Link>
              ) : null}
              <Link to={ordersPath} className={own === 'failed' ? buttonClass.secondary : buttonClass.primary}>
                {t('checkout_result_view_order')}
              </Link>
            </div>
          </section>
        );
      })}
    </main>
  );
}
