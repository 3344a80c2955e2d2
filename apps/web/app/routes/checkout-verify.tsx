import { APPROVAL_METHODS, FINANCE_OFFERS, formatLocaleSegment, isPaymentMethodIn, localizedPath } from '@varg/domain';
import { formatMonths } from '@varg/i18n';
import { Apple, CalendarClock, HandCoins, ShieldCheck, ShoppingBag, Smartphone } from 'lucide-react';
import { Form, redirect, useLoaderData } from 'react-router';
import type { PaymentView } from '../features/checkout/types.ts';
import { isApiRequestError } from '../lib/api.ts';
import { DEMO_PATHS } from '../lib/api-paths.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { money } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/checkout-verify';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'checkout_verify_title');

/**
 * The sandbox's approval pages, where a real provider would take the buyer: the bank's 3-D Secure step for a card,
 * Klarna's and Splitit's checkout, the Google Pay and Apple Pay sheets, and the demo lender's financing decision.
 * A financing decision goes to the sandbox lender (which answers with its signed callback, as ekho would), never
 * through the buyer's payment action (docs/decisions/030-payments-production.md).
 */
export const loader = guarded(['auth'], async ({ params, request, context }: Route.LoaderArgs) => {
  const payment = await userApi(context, request)
    .call('getPaymentById', { path: { id: params.paymentId } })
    .catch((error: unknown) => {
      if (isApiRequestError(error) && error.status < 500) throw new Response(null, { status: 404 });
      throw error;
    });
  return { payment };
});

export const action = guarded(['auth'], async ({ params, request, context }: Route.ActionArgs) => {
  const locale = context.get(localeContext);
  const approved = (await request.formData()).get('decision') === 'approve';
  const api = userApi(context, request);
  const path = { id: params.paymentId };
  const current = await api.call('getPaymentById', { path });
  // The sandbox lender is a demo-only route, outside the production API's document: called by its path
  // (decision 036).
  const payment = isFinancing(current)
    ? await api.send<PaymentView>('POST', DEMO_PATHS.sandboxLender(path.id), { approved })
    : await api.call('postPaymentByIdAction', { path, body: { approved } });
  const at = (path: string) => localizedPath(locale, path);
  if (payment.status === 'FAILED')
    throw redirect(
      `${at(`/complete-order/${payment.orderId}`)}?payment=failed&code=${encodeURIComponent(payment.failureCode ?? '')}`,
    );
  // Financing approved: the down payment (if any) is paid next, by card, on the order's payment page.
  if (isFinancing(payment)) throw redirect(at(`/complete-order/${payment.orderId}`));
  throw redirect(`${at('/checkout/result')}?orderId=${payment.orderId}`);
});

/** A financing application (method `financing`; before decision 030: provider `ekho`). */
const isFinancing = (payment: PaymentView) => payment.method === 'financing' || payment.provider === 'ekho';

/** What the page says for each kind of step: its title, text and buttons (catalog keys). */
function stepOf(payment: PaymentView) {
  if (isFinancing(payment)) return 'financing';
  if (isPaymentMethodIn(APPROVAL_METHODS, payment.method)) return payment.method;
  return 'card';
}

const ICONS = {
  card: ShieldCheck,
  klarna: ShoppingBag,
  splitit: CalendarClock,
  google_pay: Smartphone,
  apple_pay: Apple,
  financing: HandCoins,
};

export default function CheckoutVerify() {
  const { t } = useTranslation();
  const { payment } = useLoaderData<typeof loader>();
  const tag = formatLocaleSegment(useLocale());
  const step = stepOf(payment) as keyof typeof ICONS;
  const Icon = ICONS[step];
  const amount = money(payment.amount, payment.currency, tag);
  // The financing term of the payment's currency, as the configurator's "from … per month" uses it.
  const offer = FINANCE_OFFERS[payment.currency];
  const months = offer ? formatMonths(tag, offer.months) : '';
  const key = (part: string) => (step === 'card' ? `checkout_verify_${part}` : `checkout_verify_${step}_${part}`);
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-neutral-200 p-8 text-center shadow-sm">
        <Icon size={40} className="mx-auto text-neutral-900" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">{t(key('title'))}</h1>
        <p className="mt-2 text-neutral-700">{t(key('text'), { amount, months })}</p>
        {step === 'splitit' ? (
          <ul className="mt-4 grid grid-cols-3 gap-2 text-sm" aria-label={t('checkout_verify_splitit_plans')}>
            {[3, 6, 12].map((n) => (
              <li key={n} className="rounded-lg bg-neutral-100 p-2">
                <span className="block font-semibold">{formatMonths(tag, n)}</span>
                <span className="block tabular-nums">
                  {money(Math.ceil(payment.amount / n), payment.currency, tag)}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-2 text-xs text-neutral-600">{t('checkout_verify_sandbox')}</p>
        {payment.status === 'REQUIRES_ACTION' && step === 'financing' && payment.provider !== 'ekho_sandbox' ? (
          // A real lender decides on its own side; this page only waits for its callback.
          <p className="mt-6 font-medium">{t('checkout_verify_financing_waiting')}</p>
        ) : payment.status === 'REQUIRES_ACTION' ? (
          <Form method="post" className="mt-6 flex flex-col gap-3">
            <button type="submit" name="decision" value="approve" className={buttonClass.primary}>
              {t(step === 'card' ? 'checkout_verify_approve' : `checkout_verify_${step}_approve`)}
            </button>
            <button type="submit" name="decision" value="decline" className={buttonClass.secondary}>
              {t('checkout_verify_decline')}
            </button>
          </Form>
        ) : (
          <p className="mt-6 font-medium">{t('checkout_verify_done')}</p>
        )}
      </div>
    </main>
  );
}
