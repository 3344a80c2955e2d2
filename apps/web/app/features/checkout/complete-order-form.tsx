// Paying an order placed before (/complete-order/{orderId} and /checkout?orderId=…; decision 048): the payment kind,
// the wallet, the method, and the order's summary beside them.
import { formatLocaleSegment } from '@varg/domain';
import { Loader2, Lock } from 'lucide-react';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { useMinPending } from '../../lib/use-min-pending.ts';
import { buttonClass } from '../../ui/button.ts';
import { FormMessage } from '../../ui/field.tsx';
import type { CompleteOrderPage } from './complete-order.server.ts';
import { paymentFailureKey } from './failures.ts';
import { OrderDueSummary } from './order-due.tsx';
import { PaymentFields, PaymentKinds, WalletToggle } from './payment-fields.tsx';
import { useStripePay } from './stripe-pay.tsx';

/** The page: the kind, the wallet, the method and the order's summary beside them. */
export function CompleteOrderForm({
  page,
  actionData,
}: {
  page: CompleteOrderPage;
  actionData: { formError?: string | null } | undefined;
}) {
  const { t } = useTranslation();
  const { setup, order, cards, failure, stripeKey: publicKey } = page;
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
