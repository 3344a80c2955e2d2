import type { PaymentMethod, PaymentStatus } from '@varg/domain';
import Stripe from 'stripe';
import {
  type BankTransferInstructions,
  type IntentInput,
  type IntentResult,
  type PaymentEvent,
  type PaymentProvider,
  WebhookSignatureError,
} from './interface.ts';

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

type AllowedType = Stripe.PaymentIntentCreateParams.AllowedPaymentMethodType;

/** The Stripe payment method types of one of our methods; null for methods Stripe does not take. */
function allowedTypes(method: PaymentMethod): AllowedType[] | null {
  switch (method) {
    // Google Pay and Apple Pay are cards in the Payment Element (the wallet shows when the browser has one).
    case 'card':
    case 'google_pay':
    case 'apple_pay':
      return ['card'];
    case 'sepa':
      return ['sepa_debit'];
    case 'ach':
      return ['us_bank_account'];
    case 'klarna':
      return ['klarna'];
    case 'bank_transfer':
    case 'bank_transfer_gb':
      return ['customer_balance'];
    // Splitit is its own provider, the Stark transfer goes to our own account, `manual` is paid at the dealer's.
    case 'splitit':
    case 'manual':
    case 'stark_bank_transfer':
      return null;
  }
}

/** The virtual account a bank transfer goes to follows the currency (allowedMethods offers it where Stripe has one). */
function bankTransfer(
  currency: string,
  country: string,
): Stripe.PaymentIntentCreateParams.PaymentMethodOptions.CustomerBalance.BankTransfer {
  switch (currency.toUpperCase()) {
    case 'EUR':
      return { type: 'eu_bank_transfer', eu_bank_transfer: { country: country.toUpperCase() } };
    case 'GBP':
      return { type: 'gb_bank_transfer' };
    case 'USD':
      return { type: 'us_bank_transfer' };
    default:
      throw new Error(`stripe bank transfers do not take ${currency}`);
  }
}

/** The create parameters of an attempt. */
function intentParams(input: IntentInput): Stripe.PaymentIntentCreateParams {
  const types = allowedTypes(input.method);
  if (!types) throw new Error(`method not supported by stripe: ${input.method}`);
  const params: Stripe.PaymentIntentCreateParams = {
    amount: input.amount,
    currency: input.currency.toLowerCase(),
    description: input.description,
    metadata: input.metadata,
    allowed_payment_method_types: types,
    ...(input.customerRef ? { customer: input.customerRef } : {}),
  };
  if (input.method === 'ach') {
    // Instant verification through Financial Connections, microdeposits when the bank is not there.
    params.payment_method_options = { us_bank_account: { verification_method: 'automatic' } };
  }
  if (input.method === 'bank_transfer' || input.method === 'bank_transfer_gb') {
    // The money lands on the customer's cash balance, so Stripe needs a customer; confirming at once makes Stripe
    // answer the account details (next_action.display_bank_transfer_instructions), there is nothing to enter.
    if (!input.customerRef) throw new Error('a stripe bank transfer needs a customer (ensureCustomer)');
    params.payment_method_data = { type: 'customer_balance' };
    params.payment_method_options = {
      customer_balance: { funding_type: 'bank_transfer', bank_transfer: bankTransfer(input.currency, input.country) },
    };
    params.confirm = true;
  }
  return params;
}

/** Stripe's codes as the web translates them (apps/web checkout: card_declined, authentication_failed, …). */
const FAILURE_CODES: Record<string, string> = {
  generic_decline: 'card_declined',
  payment_intent_authentication_failure: 'authentication_failed',
  incorrect_number: 'invalid_number',
  invalid_cvc: 'incorrect_cvc',
};

function failureCodeOf(pi: Stripe.PaymentIntent): string | null {
  const error = pi.last_payment_error;
  const code = error?.decline_code ?? error?.code ?? null;
  return code ? (FAILURE_CODES[code] ?? code) : null;
}

/** A bank transfer waiting for the money: Stripe says requires_action, but the buyer has nothing left to do here. */
function waitingForTransfer(pi: Stripe.PaymentIntent): boolean {
  return pi.next_action?.type === 'display_bank_transfer_instructions';
}

function statusOf(pi: Stripe.PaymentIntent): { status: PaymentStatus; failureCode: string | null } {
  switch (pi.status) {
    // After a decline Stripe goes back to requires_payment_method with the error; the attempt failed.
    case 'requires_payment_method':
      return pi.last_payment_error
        ? { status: 'FAILED', failureCode: failureCodeOf(pi) }
        : { status: 'CREATED', failureCode: null };
    case 'requires_confirmation':
      return { status: 'CREATED', failureCode: null };
    case 'requires_action':
      return { status: waitingForTransfer(pi) ? 'PROCESSING' : 'REQUIRES_ACTION', failureCode: null };
    case 'succeeded':
      return { status: 'SUCCEEDED', failureCode: null };
    case 'canceled':
      return { status: 'FAILED', failureCode: 'canceled' };
    // processing, requires_capture, and a status newer than this code: money is on its way, the webhook will tell.
    default:
      return { status: 'PROCESSING', failureCode: null };
  }
}

const TRANSFER_ADDRESS: Record<string, string> = {
  eu_bank_transfer: 'iban',
  gb_bank_transfer: 'sort_code',
  us_bank_transfer: 'aba',
};

/** Where to send a bank transfer, from Stripe's instructions: the address of the transfer's own kind. */
function instructionsOf(pi: Stripe.PaymentIntent): BankTransferInstructions | null {
  const d = pi.next_action?.display_bank_transfer_instructions;
  if (!d) return null;
  const preferred = TRANSFER_ADDRESS[d.type];
  const addresses = d.financial_addresses ?? [];
  const address =
    addresses.find((a) => a.type === preferred) ??
    addresses.find((a) => a.type === 'iban' || a.type === 'sort_code' || a.type === 'aba');
  const common = {
    amountRemaining: d.amount_remaining ?? pi.amount,
    currency: (d.currency ?? pi.currency).toUpperCase(),
    reference: d.reference ?? '',
    hostedUrl: d.hosted_instructions_url,
    bankName: null,
    iban: null,
    bic: null,
    sortCode: null,
    accountNumber: null,
    routingNumber: null,
  };
  if (address?.iban) {
    const { iban } = address;
    return { ...common, type: 'iban', accountHolder: iban.account_holder_name, iban: iban.iban, bic: iban.bic };
  }
  if (address?.sort_code) {
    const s = address.sort_code;
    return {
      ...common,
      type: 'sort_code',
      accountHolder: s.account_holder_name,
      sortCode: s.sort_code,
      accountNumber: s.account_number,
    };
  }
  if (address?.aba) {
    const a = address.aba;
    return {
      ...common,
      type: 'aba',
      accountHolder: a.account_holder_name,
      bankName: a.bank_name,
      accountNumber: a.account_number,
      routingNumber: a.routing_number,
    };
  }
  return null;
}

function intentResult(pi: Stripe.PaymentIntent): IntentResult {
  const { status, failureCode } = statusOf(pi);
  return {
    reference: pi.id,
    status,
    clientSecret: pi.client_secret,
    actionUrl: pi.next_action?.redirect_to_url?.url ?? null,
    failureCode,
    instructions: instructionsOf(pi),
  };
}

/** A verified event reduced to what the ledger needs; the status follows the event's type. */
function paymentEvent(event: Stripe.Event): PaymentEvent {
  const of = (pi: Stripe.PaymentIntent, status: PaymentStatus, failureCode: string | null = null): PaymentEvent => ({
    id: event.id,
    type: event.type,
    reference: pi.id,
    status,
    failureCode,
  });
  switch (event.type) {
    case 'payment_intent.succeeded':
      return of(event.data.object, 'SUCCEEDED');
    case 'payment_intent.processing':
    case 'payment_intent.partially_funded':
      return of(event.data.object, 'PROCESSING');
    case 'payment_intent.payment_failed':
      return of(event.data.object, 'FAILED', failureCodeOf(event.data.object));
    case 'payment_intent.requires_action':
      return of(event.data.object, waitingForTransfer(event.data.object) ? 'PROCESSING' : 'REQUIRES_ACTION');
    case 'payment_intent.canceled':
      return of(event.data.object, 'FAILED', 'canceled');
    default:
      return { id: event.id, type: event.type, reference: null, status: null, failureCode: null };
  }
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
      stripe = new Stripe(account.secretKey, {
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
        if (error instanceof Stripe.errors.StripeCardError) {
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
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return false;
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
          event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
        } catch (error) {
          if (error instanceof Stripe.errors.StripeSignatureVerificationError) continue;
          throw error;
        }
        return paymentEvent(event);
      }
      throw new WebhookSignatureError('no configured webhook secret verifies the signature (or it is stale)');
    },
  };
}
