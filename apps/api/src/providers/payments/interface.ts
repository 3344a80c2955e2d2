// The payment provider behind the payments module (DESIGN.md section 5). `sandbox` is the default and really works
// locally; `stripe` arrives with the payments issue. Amounts are integer minor units.
import type { PaymentMethod, PaymentStatus } from '@varg/domain';

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface IntentResult {
  /** The provider's id of the payment attempt. */
  reference: string;
  status: PaymentStatus;
  /** REQUIRES_ACTION: where the buyer completes the step (3-D Secure). */
  actionUrl: string | null;
  /** FAILED: why, as a code the web translates (`card_declined`, `expired_card`, …). */
  failureCode: string | null;
}

export interface PaymentProvider {
  readonly name: string;
  /** Starts a payment attempt; `idempotencyKey` makes a retried call return the same attempt. */
  createIntent(input: {
    amount: number;
    currency: string;
    method: PaymentMethod;
    description: string;
    idempotencyKey: string;
  }): Promise<IntentResult>;
  /** Pays an attempt by card (the sandbox takes test numbers; Stripe confirms in the browser instead). */
  confirmCard(reference: string, card: CardInput, returnUrl: string): Promise<IntentResult>;
  /** The buyer finished (or abandoned) the extra step of a REQUIRES_ACTION attempt. */
  completeAction(reference: string, approved: boolean): Promise<IntentResult>;
}
