import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { type PaymentProvider, WebhookSignatureError } from './interface.ts';
import { allowedTypes, FAILURE_CODES, intentParams, intentResult, paymentEvent } from './stripe-mapping.ts';

// Stripe as the payment provider (PAYMENT_PROVIDER=stripe), on the official SDK (stripe-node v23, API version
// 2026-10-28.endive as pinned by the SDK). The browser confirms through the Payment Element with the PaymentIntent's
// client secret; the server only creates, updates, cancels and refunds, confirms a saved card and reads webhooks.
// One Stripe account per market is possible (`accounts[country]`, else `accounts.default`).
//
// Since API 2026-09-30 `payment_method_types` can no longer be written (400 payment_method_types_no_longer_supported,
// https://docs.stripe.com/changelog/endive/2026-09-30/removes-the-payment-method-types-parameter-from-payment-intents-and-setup-intents):
// `allowed_payment_method_types` restricts an intent to the method the buyer chose.

export interface StripeAccount {
  secretKey: string;
  /** For the browser (`GET payment/stripe/public-key`). */
  publishableKey: string | null;
  /** The signing secret of the account's webhook endpoint (`whsec_…`). */
  webhookSecret: string | null;
}

export interface StripePaymentsConfig {
  /** One Stripe account per market is possible: accounts[country] wins, else `default`. */
  accounts: Record<string, StripeAccount> & { default?: StripeAccount };
  /** Origin of the web (PUBLIC_URL): a confirm's return URL is made absolute on it. */
  publicUrl: string;
  /** Optional: the SDK's HTTP client, so tests can capture requests (Stripe.createFetchHttpClient(fakeFetch)). */
  httpClient?: Stripe.HttpClient;
  /** Test only: another address for Stripe's API (the browser tests' stand-in, `STRIPE_API_BASE`). */
  apiBase?: string | undefined;
}

/**
 * The Stripe SDK (~1 MB in 200 files): loaded by the first Stripe call, not at start, so a process without Stripe never
 * holds it (decision 006). Its CommonJS build through `require`, because checking a webhook is synchronous.
 */
let sdk: typeof Stripe | undefined;
function stripeSdk(): typeof Stripe {
  sdk ??= createRequire(import.meta.url)('stripe') as typeof Stripe;
  return sdk;
}

export function stripePayments(config: StripePaymentsConfig): PaymentProvider {
  const entries = Object.entries(config.accounts);
  if (entries.length === 0) throw new Error('Stripe payments need at least one account');
  for (const [market, account] of entries)
    if (!account.secretKey || account.secretKey.startsWith('pk_'))
      throw new Error(`Stripe account ${market}: the secret key is missing or a publishable key`);

  function accountOf(country: string): StripeAccount | undefined {
    return config.accounts[country.toUpperCase()] ?? config.accounts.default;
  }

  // One client per secret key, made on first use: markets that share an account share a client.
  const clients = new Map<string, Stripe>();
  const base = config.apiBase ? new URL(config.apiBase) : null;
  function client(country: string): Stripe {
    const account = accountOf(country);
    if (!account) throw new Error(`no Stripe account for market ${country}`);
    let stripe = clients.get(account.secretKey);
    if (!stripe) {
      const Sdk = stripeSdk();
      stripe = new Sdk(account.secretKey, {
        maxNetworkRetries: 2,
        appInfo: { name: 'varg-storefront' },
        ...(config.httpClient ? { httpClient: config.httpClient } : {}),
        ...(base
          ? {
              host: base.hostname,
              port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
              protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
            }
          : {}),
      });
      clients.set(account.secretKey, stripe);
    }
    return stripe;
  }

  /** The return URL on the web's origin, whatever origin the caller gave (Stripe redirects the buyer there). */
  function absolute(returnUrl: string): string {
    const url = new URL(returnUrl, config.publicUrl);
    return new URL(`${url.pathname}${url.search}${url.hash}`, config.publicUrl).toString();
  }

  return {
    name: 'stripe',
    supports: (method) => allowedTypes(method) !== null,

    publicKey(country) {
      return accountOf(country)?.publishableKey ?? null;
    },

    async ensureCustomer(input) {
      if (input.existing) return input.existing;
      // The key makes a retried first payment find the customer made by the first try instead of a second one.
      const customer = await client(input.country).customers.create(
        { email: input.email, name: input.name, metadata: { userId: input.userId } },
        { idempotencyKey: `customer:${input.userId}:${input.country}` },
      );
      return customer.id;
    },

    async createIntent(input) {
      const params = intentParams(input);
      const pi = await client(input.country).paymentIntents.create(params, { idempotencyKey: input.idempotencyKey });
      return intentResult(pi);
    },

    async updateAmount(reference, country, amount) {
      return intentResult(await client(country).paymentIntents.update(reference, { amount }));
    },

    async cancelIntent(reference, country) {
      await client(country).paymentIntents.cancel(reference);
    },

    async confirm(reference, country, details, returnUrl) {
      // Cards, SEPA, ACH, Klarna, wallets and transfers are confirmed by Stripe.js in the browser with the client
      // secret (the card data never reaches this server); only a saved card is confirmed here.
      if (details.type !== 'saved_card')
        throw new Error(`stripe confirms ${details.type} in the browser with Stripe.js, not on the server`);
      try {
        const pi = await client(country).paymentIntents.confirm(reference, {
          payment_method: details.id,
          return_url: absolute(returnUrl),
        });
        return intentResult(pi);
      } catch (error) {
        // A decline is an answer, not an error: Stripe answers 402 with the failed PaymentIntent.
        if (error instanceof stripeSdk().errors.StripeCardError) {
          if (error.payment_intent) return intentResult(error.payment_intent);
          const code = error.decline_code ?? error.code ?? 'card_declined';
          return {
            reference,
            status: 'FAILED',
            clientSecret: null,
            actionUrl: null,
            failureCode: FAILURE_CODES[code] ?? code,
            instructions: null,
          };
        }
        throw error;
      }
    },

    async completeAction(reference, country) {
      // Stripe finishes 3-D Secure and redirects in the browser; the buyer came back, so read where it stands.
      return intentResult(await client(country).paymentIntents.retrieve(reference));
    },

    async retrieve(reference, country) {
      return intentResult(await client(country).paymentIntents.retrieve(reference));
    },

    async refund(reference, country, amount, idempotencyKey) {
      const refund = await client(country).refunds.create(
        { payment_intent: reference, amount },
        idempotencyKey ? { idempotencyKey } : {},
      );
      return refund.id;
    },

    async createSetupIntent(input) {
      const setup = await client(input.country).setupIntents.create({
        customer: input.customerRef,
        allowed_payment_method_types: ['card'],
        usage: 'off_session',
      });
      if (!setup.client_secret) throw new Error('Stripe answered a SetupIntent without a client secret');
      return { clientSecret: setup.client_secret };
    },

    async listCards(customerRef, country) {
      const methods = await client(country).customers.listPaymentMethods(customerRef, { type: 'card', limit: 100 });
      return methods.data.flatMap((pm) =>
        pm.card
          ? [
              {
                id: pm.id,
                brand: pm.card.brand,
                exp_month: pm.card.exp_month,
                exp_year: pm.card.exp_year,
                last4: pm.card.last4,
              },
            ]
          : [],
      );
    },

    async detachCard(customerRef, country, id) {
      const stripe = client(country);
      let pm: Stripe.PaymentMethod;
      try {
        pm = await stripe.paymentMethods.retrieve(id);
      } catch (error) {
        if (error instanceof stripeSdk().errors.StripeInvalidRequestError && error.code === 'resource_missing')
          return false;
        throw error;
      }
      // Ownership: an id from the request may be another customer's card.
      const owner = typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);
      if (owner !== customerRef) return false;
      await stripe.paymentMethods.detach(id);
      return true;
    },

    parseWebhook(rawBody, signature, country) {
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
      // The market's endpoint knows its account; the shared endpoint tries each account's secret.
      const accounts = country ? [accountOf(country)] : Object.values(config.accounts);
      const secrets = [...new Set(accounts.map((a) => a?.webhookSecret).filter((s): s is string => !!s))];
      for (const secret of secrets) {
        let event: Stripe.Event;
        try {
          event = stripeSdk().webhooks.constructEvent(rawBody, signature, secret);
        } catch (error) {
          if (error instanceof stripeSdk().errors.StripeSignatureVerificationError) continue;
          throw error;
        }
        return paymentEvent(event);
      }
      throw new WebhookSignatureError('no configured webhook secret verifies the signature (or it is stale)');
    },
  };
}
