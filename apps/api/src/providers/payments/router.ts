// One payment provider per market (docs/decisions/017-payments.md, 030-payments-production.md): Stripe for the
// markets configured for it; the sandbox for the rest only in the demo. In production a market without Stripe has
// no provider (its payments are refused with PAYMENT_METHOD_UNAVAILABLE) and the sandbox does not exist at all.
import { type ApiConfig, SANDBOX_PAYMENT_DEFAULTS } from '../../config.ts';
import type { PaymentProviders } from '../../modules/payments/service.ts';
import { type SandboxStore, sandboxPayments } from './sandbox.ts';
import { stripePayments } from './stripe.ts';

export function paymentProviders(
  config: Pick<ApiConfig, 'payments' | 'publicUrl' | 'demo'>,
  sandbox: { store: SandboxStore; deliver: (rawBody: string, signature: string) => Promise<void> },
): PaymentProviders {
  const settings = config.payments ?? {
    provider: 'sandbox' as const,
    stripeMarkets: [],
    stripeAccounts: {},
    sandboxWebhookSecret: SANDBOX_PAYMENT_DEFAULTS.webhookSecret,
    sandboxSettleMs: SANDBOX_PAYMENT_DEFAULTS.settleMs,
  };
  const local = config.demo
    ? sandboxPayments({
        store: sandbox.store,
        webhookSecret: settings.sandboxWebhookSecret,
        deliver: sandbox.deliver,
        settleMs: settings.sandboxSettleMs,
      })
    : null;
  const stripe =
    settings.provider === 'stripe'
      ? stripePayments({
          accounts: settings.stripeAccounts,
          publicUrl: config.publicUrl,
          apiBase: settings.stripeApiBase,
        })
      : null;
  const markets = new Set(settings.stripeMarkets);
  return {
    forCountry(country) {
      return stripe && (markets.size === 0 || markets.has(country.toUpperCase())) ? stripe : local;
    },
    byName(name) {
      if (name === 'sandbox') return local;
      if (name === 'stripe') return stripe;
      return null;
    },
    sandbox: local,
  };
}
