// Stripe's Payment Element for the markets paid through Stripe (docs/decisions/017-payments.md). Loaded only there
// (React.lazy), so the sandbox markets ship none of it. Deferred-intent mode: the element collects the details first;
// the order and its PaymentIntent are made when the buyer submits, then `confirmPayment` finishes at Stripe.
import { loadStripe, type Stripe, type StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef } from 'react';

/** Our methods as the Payment Element's payment method types. */
export const ELEMENT_TYPES: Record<string, string[]> = {
  card: ['card'],
  google_pay: ['card'],
  apple_pay: ['card'],
  sepa: ['sepa_debit'],
  ach: ['us_bank_account'],
  klarna: ['klarna'],
};

export interface StripeHandle {
  stripe: Stripe;
  elements: StripeElements;
}

export default function StripeElement({
  publicKey,
  amount,
  currency,
  method,
  locale,
  label,
  onReady,
}: {
  publicKey: string;
  amount: number;
  currency: string;
  method: string;
  locale: string;
  label: string;
  onReady: (handle: StripeHandle | null) => void;
}) {
  const container = useRef<HTMLFieldSetElement>(null);
  const ready = useRef(onReady);
  ready.current = onReady;
  // The amount the element starts with; later changes go through `elements.update` (useStripePay), which keeps what
  // the buyer typed, instead of building the element again.
  const initialAmount = useRef(amount);
  initialAmount.current = amount;
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | null = null;
    loadStripe(publicKey).then((stripe) => {
      if (!stripe || cancelled || !container.current) return;
      const elements = stripe.elements({
        mode: 'payment',
        amount: Math.max(initialAmount.current, 1),
        currency: currency.toLowerCase(),
        allowedPaymentMethodTypes: ELEMENT_TYPES[method] ?? ['card'],
        locale: locale as never,
      });
      const element = elements.create('payment');
      element.mount(container.current);
      destroy = () => element.destroy();
      ready.current({ stripe, elements });
    });
    return () => {
      cancelled = true;
      destroy?.();
      ready.current(null);
    };
  }, [publicKey, currency, method, locale]);
  return (
    <fieldset
      ref={container}
      aria-label={label}
      className="min-h-24 rounded-lg border border-neutral-300 bg-white p-3"
      data-testid="stripe-payment-element"
    />
  );
}
