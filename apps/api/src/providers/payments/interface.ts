// The payment provider behind the payments module (DESIGN.md section 5; docs/decisions/017-payments.md). `sandbox`
// is the default and works locally for every method, kind and status; `stripe` runs on the official SDK. A router
// picks one per market (PAYMENT_PROVIDER, STRIPE_MARKETS). Amounts are integer minor units.
import type { BankTransferInstructions } from '@varg/contracts';
import type { AchAccountType, PaymentMethod, PaymentStatus, SavedCard } from '@varg/domain';

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * How the buyer pays a started attempt when the server confirms it (the sandbox's own forms; with Stripe the browser
 * confirms through the Payment Element, except for a saved card, which the server confirms).
 */
export type ConfirmDetails =
  | ({ type: 'card' } & CardInput)
  | { type: 'saved_card'; id: string }
  | { type: 'sepa'; iban: string; accountHolder: string; email: string }
  | {
      type: 'ach';
      routingNumber: string;
      accountNumber: string;
      accountHolder: string;
      accountType: AchAccountType;
    }
  /** Klarna, Splitit, Google Pay, Apple Pay: the buyer approves on the provider's page or sheet. */
  | { type: 'redirect' }
  /** A bank transfer: the buyer is shown where to send the money. */
  | { type: 'bank_transfer' };

/** Where the buyer sends a bank transfer (Stripe's `display_bank_transfer_instructions`, or the sandbox's). */
export type { BankTransferInstructions };

export interface IntentResult {
  /** The provider's id of the payment attempt (Stripe: the PaymentIntent id). */
  reference: string;
  status: PaymentStatus;
  /** For the browser's payment element (Stripe), or the sandbox's own confirm step. */
  clientSecret: string | null;
  /** REQUIRES_ACTION: where the buyer completes the step (3-D Secure, Klarna, a wallet sheet). */
  actionUrl: string | null;
  /** FAILED: why, as a code the web translates (`card_declined`, `expired_card`, …). */
  failureCode: string | null;
  /** A bank transfer waiting for the money: where to send it. */
  instructions: BankTransferInstructions | null;
}

export interface IntentInput {
  amount: number;
  currency: string;
  method: PaymentMethod;
  /** The market: a provider can hold one account per market. */
  country: string;
  description: string;
  /** The provider's customer (see `ensureCustomer`); needed to save or reuse cards and for bank transfers. */
  customerRef: string | null;
  /** Our ids, written on the provider's object so that webhooks find the payment. */
  metadata: Record<string, string>;
  /** A retried call with the same key answers the same attempt. */
  idempotencyKey: string;
}

/** A saved card as providers answer it (the spec's fields; packages/domain/src/payment-card.ts). */
export type { SavedCard };

/** A verified provider event, reduced to what the ledger needs. */
export interface PaymentEvent {
  /** The provider's event id: processed once (payment_events). */
  id: string;
  type: string;
  /** The attempt it is about (PaymentIntent id); null for events the payments module ignores. */
  reference: string | null;
  /** The status it reports; null when it reports none. */
  status: PaymentStatus | null;
  failureCode: string | null;
}

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** The methods it takes (Stripe has no Splitit, say); methods paid outside a provider never reach one. */
  supports(method: PaymentMethod): boolean;
  /** The browser's key of a market's account (`GET payment/stripe/public-key`); null for the sandbox. */
  publicKey(country: string): string | null;
  /** The provider's customer of a user in a market, created on first use. `existing` is the ref stored before. */
  ensureCustomer(input: {
    userId: string;
    email: string;
    name: string;
    country: string;
    existing: string | null;
  }): Promise<string>;
  /** Starts a payment attempt. */
  createIntent(input: IntentInput): Promise<IntentResult>;
  /** The amount changed before the buyer confirmed (`POST payment/update-amount`). */
  updateAmount(reference: string, country: string, amount: number): Promise<IntentResult>;
  /** The buyer chose another method or left (`POST payment/cancel-intent`). */
  cancelIntent(reference: string, country: string): Promise<void>;
  /** Confirms an attempt on the server with what the buyer entered (see ConfirmDetails). */
  confirm(reference: string, country: string, details: ConfirmDetails, returnUrl: string): Promise<IntentResult>;
  /** The buyer finished (or abandoned) the extra step of a REQUIRES_ACTION attempt (sandbox pages). */
  completeAction(reference: string, country: string, approved: boolean): Promise<IntentResult>;
  /** The attempt as the provider sees it now. */
  retrieve(reference: string, country: string): Promise<IntentResult>;
  /** Gives money back (a cancelled order, a duplicate); the refund's reference. The key makes a retry one refund. */
  refund(reference: string, country: string, amount: number, idempotencyKey?: string): Promise<string>;

  /** Saving a card for later (`POST stripe/setup`): the secret the browser confirms the card with. */
  createSetupIntent(input: { customerRef: string; country: string; method: 'card' }): Promise<{ clientSecret: string }>;
  listCards(customerRef: string, country: string): Promise<SavedCard[]>;
  /** Forgets a saved card; false when the customer has no such card. */
  detachCard(customerRef: string, country: string, id: string): Promise<boolean>;

  /** Verifies and reads a webhook; throws WebhookSignatureError when the signature is wrong or stale. */
  parseWebhook(rawBody: string, signature: string | undefined, country?: string): PaymentEvent;
}
