// The lender behind the financing option (spec: POST checkout/ekho/create; docs/decisions/030-payments-production.md).
// A lender takes an application for what the buyer finances and decides on it on its own side; its decision reaches
// us only as a signed callback (`POST /v1/payment/webhook/lender/{name}`), never from the buyer. The demo runs on a
// sandbox lender (its page is our own /checkout/verify/{paymentId}); production on the ekho adapter when configured.
import { WebhookSignatureError } from '../payments/interface.ts';

export { WebhookSignatureError };

export interface LenderApplicationInput {
  /** Our payment row of the application (its id is also on the lender's side, to find it again). */
  paymentId: string;
  orderId: string;
  orderNumber: number;
  /** What the lender finances, in minor units. */
  amount: number;
  currency: string;
  country: string;
  buyer: { email: string; name: string };
  /** Our page the lender brings the buyer back to (a path, e.g. /complete-order/{orderId}). */
  returnPath: string;
  /** A retried call with the same key answers the same application. */
  idempotencyKey: string;
}

export interface LenderApplication {
  /** The lender's id of the application (stored as the payment's provider reference). */
  reference: string;
  /** Where the buyer applies: the lender's page (the sandbox lender's is our own verify page). */
  approvalUrl: string;
}

/** A verified lender callback, reduced to what the ledger needs. */
export interface LenderDecision {
  /** The lender's event id: applied once (payment_events). */
  id: string;
  type: string;
  /** The application it is about. */
  reference: string;
  decision: 'approved' | 'declined';
  /** What the lender approved; an approval of another amount or currency changes nothing. */
  amount: number;
  currency: string;
}

export interface LenderProvider {
  /** Stored as the payment's `provider`; also the last segment of its callback route. */
  readonly name: string;
  /** The header its callback carries the signature in. */
  readonly signatureHeader: string;
  /** Opens an application; the buyer then applies on `approvalUrl`. */
  createApplication(input: LenderApplicationInput): Promise<LenderApplication>;
  /** Verifies and reads a callback; throws WebhookSignatureError when the signature is wrong or stale. */
  verifyCallback(rawBody: string, signature: string | undefined): LenderDecision;
}

/** The configured lenders (none: financing is not offered). */
export interface Lenders {
  /** The lender of a market, or null when financing is not offered there. */
  forCountry(country: string): LenderProvider | null;
  byName(name: string): LenderProvider | null;
  all(): LenderProvider[];
  /** The demo's lender, whose decision the verify page triggers; null in production. */
  sandbox: SandboxLenderProvider | null;
}

export interface SandboxLenderProvider extends LenderProvider {
  /** The sandbox lender decides an application: it sends its signed callback, as a real lender would. */
  decide(reference: string, approved: boolean, terms: { amount: number; currency: string }): Promise<void>;
}

export const noLenders: Lenders = { forCountry: () => null, byName: () => null, all: () => [], sandbox: null };
