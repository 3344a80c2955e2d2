// Paying through Stripe's Payment Element (markets served by Stripe; docs/decisions/017-payments.md): the element
// collects the details, the page's action makes the order and the PaymentIntent, then Stripe.js confirms it and
// brings the buyer back to the result page. Sandbox markets never load any of this.
import { type FormEvent, lazy, useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { stripeErrorText } from './failures.ts';
import type { StripeHandle } from './stripe-element.tsx';

export const StripeElement = lazy(() => import('./stripe-element.tsx'));

/** Methods the Payment Element takes; the others (transfers, financing, at the dealer's) stay server-side. */
export const STRIPE_ELEMENT_METHODS: readonly string[] = ['card', 'google_pay', 'apple_pay', 'sepa', 'ach', 'klarna'];

/** What the page's action answers instead of a redirect when Stripe.js must confirm. */
export interface StripeConfirm {
  clientSecret: string;
  /** Where Stripe brings the buyer back (the result page, with our payment id to read the status back). */
  returnUrl: string;
  /** The order's payment page, to which a failure code is appended. */
  failUrl: string;
}

export function usesStripeElement(form: FormData): boolean {
  const method = String(form.get('payment_method') ?? '');
  const saved = String(form.get('card_choice') ?? 'new');
  return STRIPE_ELEMENT_METHODS.includes(method) && !(method === 'card' && saved !== 'new');
}

/**
 * @param amount what is due now (minor units): the element follows it with `elements.update`. When Stripe refuses the
 * new amount the page says so (spec: `checkout_update_payment_error`) and the next submit tries the update again.
 */
export function useStripePay(enabled: boolean, amount: number) {
  const { t } = useTranslation();
  const handle = useRef<StripeHandle | null>(null);
  const fetcher = useFetcher<{ stripe?: StripeConfirm; formError?: string | null }>();
  const { pathname } = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [amountFailed, setAmountFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const due = useRef(amount);
  due.current = amount;

  /** Gives the element the amount due now; false when Stripe refused it. */
  async function syncAmount(): Promise<boolean> {
    const current = handle.current;
    if (!current) return true;
    try {
      await current.elements.update({ amount: Math.max(due.current, 1) });
      setAmountFailed(false);
      return true;
    } catch {
      setAmountFailed(true);
      return false;
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: syncAmount reads the amount through a ref
  useEffect(() => {
    if (enabled) void syncAmount();
  }, [enabled, amount]);

  /** Takes over the form's submit when the Payment Element pays; false lets the plain form post go on. */
  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<boolean> {
    const form = new FormData(event.currentTarget);
    if (!enabled || !usesStripeElement(form)) return false;
    event.preventDefault();
    const current = handle.current;
    if (!current) return true;
    setError(null);
    // The payment's error stays on the form; submitting again retries the update.
    if (!(await syncAmount())) return true;
    const submitted = await current.elements.submit();
    if (submitted.error) {
      setError(stripeErrorText(submitted.error, t));
      return true;
    }
    form.set('stripe', '1');
    fetcher.submit(form, { method: 'post', action: pathname });
    return true;
  }

  useEffect(() => {
    const answer = fetcher.data?.stripe;
    const current = handle.current;
    if (!answer || !current) return;
    setConfirming(true);
    current.stripe
      .confirmPayment({
        elements: current.elements,
        clientSecret: answer.clientSecret,
        confirmParams: { return_url: new URL(answer.returnUrl, window.location.origin).toString() },
      })
      .then(({ error: failed }) => {
        // The order exists: a declined payment is tried again on the order's own payment page.
        if (failed) window.location.assign(`${answer.failUrl}${encodeURIComponent(failed.code ?? 'card_declined')}`);
      });
  }, [fetcher.data]);

  return {
    handle,
    onSubmit,
    error: error ?? (amountFailed ? t('checkout_update_payment_error') : null) ?? fetcher.data?.formError ?? null,
    busy: fetcher.state !== 'idle' || confirming,
  };
}
