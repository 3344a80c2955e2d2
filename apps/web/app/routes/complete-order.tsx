import { formatLocaleSegment, localizedPath } from '@varg/domain';
import { Loader2, Lock } from 'lucide-react';
import { useState } from 'react';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { payOrder, readPaymentChoice, savedCards, stripeKey } from '../features/checkout/checkout.server.ts';
import { paymentFailureKey } from '../features/checkout/failures.ts';
import { OrderDueSummary } from '../features/checkout/order-due.tsx';
import { PaymentFields, PaymentKinds, WalletToggle } from '../features/checkout/payment-fields.tsx';
import { useStripePay } from '../features/checkout/stripe-pay.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { money } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale } from '../lib/use-locale.ts';
import { useMinPending } from '../lib/use-min-pending.ts';
import { buttonClass } from '../ui/button.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/complete-order';

// Spec: /complete-order/{orderId} — paying an order placed before: the balance after a deposit, a payment that failed
// or was left, the down payment after financing. The order's country is fixed: the locale follows it.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'complete_order_title');

export const loader = guarded(['auth'], async ({ params, request, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const locale = context.get(localeContext);
  const api = userApi(context, request);
  const id = encodeURIComponent(params.orderId);
  const notFound = (error: unknown) => {
    if (isApiRequestError(error) && error.status < 500) throw new Response(null, { status: 404 });
    throw error;
  };
  const setup = await api.call('postOrderCompleteOrderByIdSetup', { path: { id } }).catch(notFound);
  // Spec section 4: an existing order's country wins; the locale follows it.
  if (setup.country !== locale.country)
    throw redirect(`${localizedPath({ ...locale, country: setup.country }, `/complete-order/${id}`)}${url.search}`);
  if (setup.pricing.toPay <= 0) throw redirect(`${localizedPath(locale, '/checkout/result')}?completeOrderId=${id}`);
  const [order, cards, publicKey] = await Promise.all([
    (setup.type === 'store'
      ? api.call('getStoreOrdersById', { path: { id } })
      : api.call('getOrderById', { path: { id } })
    ).catch(notFound),
    savedCards(api, locale.country, true),
    stripeKey(api, locale.country),
  ]);
  return {
    setup,
    order,
    cards,
    stripeKey: publicKey,
    failure: url.searchParams.get('payment') === 'failed' ? (url.searchParams.get('code') ?? '') : null,
  };
});

export const action = guarded(['auth'], async ({ params, request, context }: Route.ActionArgs) => {
  const locale = context.get(localeContext);
  const form = await request.formData();
  const api = userApi(context, request);
  try {
    const next = await payOrder(api, locale, {
      orderId: params.orderId,
      store: form.get('store') === '1',
      choice: readPaymentChoice(form, String(form.get('email') ?? '')),
      resultParam: 'completeOrderId',
    });
    if (next.stripe) return { stripe: next.stripe, formError: null };
    throw redirect(next.url);
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    return data({ formError: error.message }, { status: error.status });
  }
});

export default function CompleteOrder() {
  const { t } = useTranslation();
  const { setup, order, cards, failure, stripeKey: publicKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const locale = useLocale();
  const tag = formatLocaleSegment(locale);
  const m = (amount: number) => money(amount, setup.currency, tag);
  const defaultKind = setup.paymentKinds.find((k) => k.default)?.name ?? setup.paymentKinds[0]?.name ?? 'remaining';
  const [kind, setKind] = useState<string>(defaultKind);
  const [useWallet, setUseWallet] = useState(false);
  const { toPay, deposit, walletBalance, paid, total } = setup.pricing;
  const dueOf = (k: string) => (k === 'deposit' ? Math.min(deposit, toPay) : toPay);
  const walletUse = useWallet ? Math.min(walletBalance, dueOf(kind)) : 0;
  const charge = dueOf(kind) - walletUse;
  const stripePay = useStripePay(!!publicKey, charge);
  const busy = useMinPending(navigation.state !== 'idle') || stripePay.busy;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 lg:py-12">
      <h1 className="text-3xl font-black tracking-tight">
        {t('complete_order_title_number', { number: setup.number })}
      </h1>
      <p className="mt-2 text-neutral-700">{t('complete_order_intro')}</p>
      {failure !== null ? (
        <div className="mt-4">
          <FormMessage tone="error">{t(paymentFailureKey(failure) ?? 'payment_failure_generic')}</FormMessage>
        </div>
      ) : null}
      {actionData?.formError && navigation.state === 'idle' ? (
        <div className="mt-4">
          <FormMessage tone="error">{actionData.formError}</FormMessage>
        </div>
      ) : null}
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Form method="post" className="flex flex-col gap-8" onSubmit={(event) => void stripePay.onSubmit(event)}>
          <input type="hidden" name="store" value={setup.type === 'store' ? '1' : '0'} />
          <input type="hidden" name="email" value={order.contact.email} />
          <PaymentKinds kinds={setup.paymentKinds} value={kind} onChange={setKind} amountOf={(k) => m(dueOf(k))} />
          <WalletToggle
            balance={walletBalance > 0 ? m(walletBalance) : null}
            checked={useWallet}
            onChange={setUseWallet}
          />
          <PaymentFields
            key={kind}
            methods={setup.allowedMethods[kind] ?? []}
            savedCards={cards}
            covered={charge <= 0}
            currency={setup.currency}
            downPaymentMax={toPay / 100}
            stripe={
              publicKey
                ? {
                    publicKey,
                    amount: charge,
                    locale: locale.lang,
                    onReady: (handle) => {
                      stripePay.handle.current = handle;
                    },
                  }
                : undefined
            }
          />
          {stripePay.error ? <FormMessage tone="error">{stripePay.error}</FormMessage> : null}
          <button type="submit" className={`${buttonClass.primary} py-3 text-base`} disabled={busy}>
            {busy ? (
              <Loader2 size={18} className="animate-spin" aria-hidden="true" />
            ) : (
              <Lock size={18} aria-hidden="true" />
            )}
            {t('checkout_pay_now', { amount: m(charge) })}
          </button>
        </Form>
        <OrderDueSummary
          number={setup.number}
          lines={order.lines}
          currency={setup.currency}
          pricing={{ total, paid, toPay }}
          walletUse={walletUse}
          charge={charge}
        />
      </div>
    </main>
  );
}
