import type { OrderView } from '@varg/contracts';
import { formatLocaleSegment, localizedPath } from '@varg/domain';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Link, redirect, useLoaderData } from 'react-router';
import type { BankInstructionsView } from '../features/checkout/types.ts';
import { ReservationNotice } from '../features/orders/order-detail.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { authContext, userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { money } from '../lib/format.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/checkout-result';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'checkout_result_title');

/**
 * The API's checkout result state of one order (putCheckoutByIdConfirmFinalCheckout). Its response schema is an open
 * object in the API, so this page still names the shape it reads (decision 036: a loose schema, to be tightened).
 */
interface ResultState {
  order: OrderView;
  isBankTransfer: boolean;
  bankTransferAmount: number;
  paymentFailed: boolean;
  verificationUrl: string | null;
}

/**
 * Spec: /checkout/result (query orderId, storeOrderId or completeOrderId) with the checkout result state of each
 * order (a mixed purchase has a vehicle order and a store order), as the API answers it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = context.get(localeContext);
  const ids = [
    url.searchParams.get('orderId') ?? url.searchParams.get('completeOrderId'),
    url.searchParams.get('storeOrderId'),
  ].filter((id): id is string => !!id);
  if (!ids.length) throw new Response(null, { status: 404 });
  if (!context.get(authContext).user)
    throw redirect(`${localizedPath(locale, '/login')}?from=${encodeURIComponent(`/checkout/result${url.search}`)}`);
  const api = userApi(context, request);
  // Back from Stripe's confirm: read the payment's status from Stripe before its webhook arrives.
  const paymentId = url.searchParams.get('paymentId');
  if (paymentId && /^[0-9a-f-]{36}$/.test(paymentId))
    await api.call('postPaymentByIdSync', { path: { id: paymentId } }).catch(() => undefined);
  const found = await Promise.all(
    ids.map((id) =>
      api
        .call('putCheckoutByIdConfirmFinalCheckout', { path: { id } })
        .then((state) => state as unknown as ResultState)
        .catch((error: unknown) => {
          if (isApiRequestError(error) && error.status < 500) return null;
          throw error;
        }),
    ),
  );
  const results = found.filter((r): r is ResultState => r !== null);
  if (!results.length) return { orders: [], orderError: true } as const;
  const orders = await Promise.all(
    results.map(async (r) => {
      const open = r.order.payments.filter((p) => p.status === 'PROCESSING');
      // A transfer to a virtual account (Stripe's, or the sandbox's) has its own instructions; one to our own
      // account uses our bank details.
      const virtual = open.findLast((p) => p.method === 'bank_transfer' || p.method === 'bank_transfer_gb');
      const instructions = virtual
        ? await api
            .call('getPaymentStripeBankTransferNextActionById', { path: { id: virtual.id } })
            .then((n) => n.instructions)
            .catch(() => null)
        : null;
      const bank =
        r.isBankTransfer && !instructions
          ? await api.call('getOrderGetBankDetailsById', { path: { id: r.order.id } }).catch(() => null)
          : null;
      const state: State = r.paymentFailed
        ? 'failed'
        : r.isBankTransfer
          ? 'bank'
          : r.order.toPay === 0
            ? 'paid'
            : open.length
              ? 'processing'
              : r.order.paid > 0
                ? 'partial'
                : 'pending';
      return { order: r.order, state, bank, instructions, bankTransferAmount: r.bankTransferAmount };
    }),
  );
  return { orders, orderError: false } as const;
}

type State = 'failed' | 'bank' | 'paid' | 'pending' | 'processing' | 'partial';

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

/** Where to send a bank transfer to a virtual account (Stripe's instructions, or the sandbox's). */
function Instructions({ instructions: i }: { instructions: BankInstructionsView }) {
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
