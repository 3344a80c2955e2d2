// Saving a card with Stripe (markets paid through Stripe; docs/decisions/017-payments.md): Stripe's Payment Element
// in setup mode collects the card, the page's action starts a SetupIntent (POST /v2/stripe/setup), and
// `stripe.confirmSetup` saves it at Stripe and brings the buyer back to the cards page. Loaded only there.
import { loadStripe } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';
import { FormMessage } from '../../ui/field.tsx';
import { stripeErrorText } from './failures.ts';
import type { StripeHandle } from './stripe-element.tsx';

export default function StripeCardSetup({
  publicKey,
  currency,
  locale,
  label,
  saveLabel,
}: {
  publicKey: string;
  currency: string;
  locale: string;
  label: string;
  saveLabel: string;
}) {
  const box = useRef<HTMLFieldSetElement>(null);
  const handle = useRef<StripeHandle | null>(null);
  const fetcher = useFetcher<{ clientSecret?: string; formErrorText?: string | null }>();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | null = null;
    loadStripe(publicKey).then((stripe) => {
      if (!stripe || cancelled || !box.current) return;
      const elements = stripe.elements({
        mode: 'setup',
        currency: currency.toLowerCase(),
        allowedPaymentMethodTypes: ['card'],
        locale: locale as never,
      });
      const element = elements.create('payment');
      element.mount(box.current);
      destroy = () => element.destroy();
      handle.current = { stripe, elements };
    });
    return () => {
      cancelled = true;
      destroy?.();
      handle.current = null;
    };
  }, [publicKey, currency, locale]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const current = handle.current;
    if (!current) return;
    setError(null);
    setBusy(true);
    const submitted = await current.elements.submit();
    if (submitted.error) {
      setError(stripeErrorText(submitted.error, t));
      setBusy(false);
      return;
    }
    fetcher.submit({ intent: 'stripe-setup' }, { method: 'post', action: pathname });
  }

  useEffect(() => {
    const secret = fetcher.data?.clientSecret;
    const current = handle.current;
    if (fetcher.data?.formErrorText) {
      setError(fetcher.data.formErrorText);
      setBusy(false);
    }
    if (!secret || !current) return;
    current.stripe
      .confirmSetup({
        elements: current.elements,
        clientSecret: secret,
        confirmParams: { return_url: new URL(`${pathname}?saved=1`, window.location.origin).toString() },
      })
      .then(({ error: failed }) => {
        if (failed) {
          setError(stripeErrorText(failed, t));
          setBusy(false);
        }
      });
  }, [fetcher.data, pathname, t]);

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <fieldset
        ref={box}
        aria-label={label}
        className="min-h-24 rounded-lg border border-neutral-300 bg-white p-3"
        data-testid="stripe-payment-element"
      />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {saveLabel}
        </button>
      </div>
    </form>
  );
}
