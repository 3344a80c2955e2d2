// The checkout form (spec section 4): contact, address, billing, shipping, payment, then "place order"; it re-prices
// through the page's `setup` intent 500 ms after the last change and shows the summary beside it.
import { Loader2, Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, useActionData, useFetcher, useLocation, useNavigation, useSearchParams } from 'react-router';
import { money, useLocaleTag } from '../../lib/format.ts';
import { countryName, useTranslation } from '../../lib/i18n.ts';
import { useLocale, useLocalePath, useRootData } from '../../lib/use-locale.ts';
import { useMinPending } from '../../lib/use-min-pending.ts';
import { buttonClass } from '../../ui/button.ts';
import { CaptchaField } from '../../ui/captcha.tsx';
import { Field, FormMessage } from '../../ui/field.tsx';
import { AddressFields } from './address-fields.tsx';
import { BillingFields } from './billing-fields.tsx';
import { type CartErrorAnswer, useCartErrorAlert } from './cart-error.tsx';
import type { CheckoutPage } from './load.server.ts';
import { ContactFields, ShippingMethods } from './order-fields.tsx';
import { PaymentFields, PaymentKinds, WalletToggle } from './payment-fields.tsx';
import { type StripeConfirm, useStripePay } from './stripe-pay.tsx';
import { Summary } from './summary.tsx';
import type { CheckoutData } from './types.ts';

/** What the checkout's action answers: a re-price, Stripe.js's confirm, or an error. */
export type CheckoutActionData =
  | { setup: CheckoutData }
  | { stripe: StripeConfirm }
  | { formError: string | null; code: string; errorKey?: string }
  | CartErrorAnswer;

export function CheckoutForm({
  cartId,
  setup: initial,
  addresses,
  billingAddresses,
  cards,
  stripeKey,
  prefill,
  signedIn,
}: CheckoutPage) {
  const { t } = useTranslation();
  const root = useRootData();
  const locale = useLocale();
  const localePath = useLocalePath();
  const tag = useLocaleTag();
  const [params] = useSearchParams();
  const fetcher = useFetcher<CheckoutActionData>();
  const navigation = useNavigation();
  const setup: CheckoutData = fetcher.data && 'setup' in fetcher.data ? fetcher.data.setup : initial;
  const [kind, setKind] = useState(initial.selectedPaymentKind);
  const [useWallet, setUseWallet] = useState(false);
  const us = locale.country === 'US';
  const stripePay = useStripePay(!!stripeKey, setup.pricing.toPay);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const { pathname: checkoutAction } = useLocation();
  // Pending states shown for at least FETCH_MIN_PENDING_MS (spec section 4), so that they do not flicker.
  const busy = useMinPending(navigation.state === 'submitting');
  const repricing = useMinPending(fetcher.state !== 'idle');
  // A re-price that found a line no longer for sale reset the cart: the checkout is unavailable (spec section 9).
  const cartGone = useCartErrorAlert(fetcher.data);
  const country = countryName(
    locale.country,
    locale,
    root.countries.find((c) => c.code === locale.country)?.name ?? locale.country,
  );
  // Spec section 4: re-price 500 ms after the last change to the address, billing or shipping method.
  function reprice() {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      const fd = new FormData(form);
      fd.set('intent', 'setup');
      // To this page's action by name: a re-price due while the order is being placed must not follow the buyer.
      fetcher.submit(fd, { method: 'post', action: checkoutAction });
    }, 500);
  }
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 lg:py-12">
      <h1 className="text-3xl font-black tracking-tight">{t(us ? 'us_checkout_title' : 'checkout_title')}</h1>
      {us ? <p className="mt-2 text-neutral-700">{t('us_checkout_intro')}</p> : null}
      {params.get('payment') === 'failed' ? (
        <div className="mt-4">
          <FormMessage tone="error">{t('payment_failure_card_declined')}</FormMessage>
        </div>
      ) : null}
      <CheckoutError />
      {!setup.available || cartGone ? (
        <div className="mt-4">
          <FormMessage tone="error">{t(setup.error_t_key ?? 'checkout_cart_unavailable')}</FormMessage>
        </div>
      ) : null}
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Form
          method="post"
          ref={formRef}
          onChange={reprice}
          // Placing the order cancels a re-price still waiting.
          onSubmit={(event) => {
            window.clearTimeout(timer.current);
            void stripePay.onSubmit(event);
          }}
          className="flex flex-col gap-10"
        >
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="cart_id" value={cartId} />
          <ContactFields prefill={prefill} signedIn={signedIn} />
          <AddressFields addresses={addresses} country={country} us={us} taxes={setup.pricing.taxes} />
          <BillingFields setup={setup} addresses={billingAddresses} />
          <ShippingMethods setup={setup} />

          <PaymentKinds
            kinds={setup.paymentKinds}
            value={setup.paymentKinds.some((k) => k.name === kind) ? kind : setup.selectedPaymentKind}
            onChange={setKind}
            amountOf={(k) =>
              money(
                k === 'deposit' ? Math.min(setup.pricing.deposit, setup.pricing.total) : setup.pricing.total,
                setup.currency,
                tag,
              )
            }
          />
          {signedIn ? (
            <WalletToggle
              balance={setup.pricing.walletBalance > 0 ? money(setup.pricing.walletBalance, setup.currency, tag) : null}
              checked={useWallet}
              onChange={setUseWallet}
            />
          ) : null}
          {/* Not keyed by the kind: a method chosen while the new kind is being priced is kept when it is allowed. */}
          <PaymentFields
            methods={setup.allowedMethods}
            savedCards={cards}
            covered={setup.pricing.toPay <= 0 && setup.pricing.walletDiscount > 0}
            currency={setup.currency}
            downPaymentMax={setup.pricing.total / 100}
            stripe={
              stripeKey
                ? {
                    publicKey: stripeKey,
                    amount: setup.pricing.toPay,
                    locale: locale.lang,
                    onReady: (handle) => {
                      stripePay.handle.current = handle;
                    },
                  }
                : undefined
            }
          />

          <Field
            label={t('checkout_order_reference')}
            name="customer_order_reference"
            maxLength={100}
            hint={t('checkout_order_reference_hint')}
          />

          {stripePay.error ? <FormMessage tone="error">{stripePay.error}</FormMessage> : null}
          {signedIn ? null : <CaptchaField action="checkout" />}
          <div className="flex flex-col gap-3">
            <button
              type="submit"
              className={`${buttonClass.primary} py-3 text-base`}
              disabled={busy || stripePay.busy || !setup.available || cartGone}
            >
              {busy ? (
                <Loader2 size={18} className="animate-spin" aria-hidden="true" />
              ) : (
                <Lock size={18} aria-hidden="true" />
              )}
              {t('checkout_place_order', { amount: money(setup.pricing.toPay, setup.currency, tag) })}
            </button>
            <p className="text-xs text-neutral-600">
              {t('checkout_terms_note')}{' '}
              <Link to={localePath('/terms/sale')} target="_blank" className="underline underline-offset-2">
                {t('checkout_terms_link')}
              </Link>
            </p>
          </div>
        </Form>
        <div className="order-first lg:sticky lg:top-6 lg:order-none lg:self-start" aria-busy={repricing}>
          <p role="status" className="mb-2 flex h-5 items-center gap-2 text-sm text-neutral-600">
            {repricing ? (
              <>
                <Loader2 size={14} className="animate-spin" aria-hidden="true" />
                {t('checkout_updating')}
              </>
            ) : null}
          </p>
          <Summary setup={setup} />
        </div>
      </div>
    </main>
  );
}

/** The last confirm's error (the server's message in the buyer's language), above the form. */
function CheckoutError() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const result = useActionData<CheckoutActionData>();
  if (navigation.state !== 'idle' || !result || !('code' in result)) return null;
  return (
    <div className="mt-4">
      <FormMessage tone="error">{result.formError ?? t(result.errorKey ?? 'unknow_error')}</FormMessage>
    </div>
  );
}
