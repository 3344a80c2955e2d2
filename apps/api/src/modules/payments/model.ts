// The payments module's shared vocabulary: what it asks of orders and carts, the providers, the method groups, and
// the view of a payment row every operation answers with.
import type { MarketSettings, PaymentStatus } from '@varg/domain';
import type { Lenders } from '../../providers/financing/interface.ts';
import type { BankTransferInstructions, ConfirmDetails, PaymentProvider } from '../../providers/payments/interface.ts';
import type { SandboxPayments } from '../../providers/payments/sandbox.ts';
import type { AuditService } from '../audit/service.ts';
import type { PaymentRow, PaymentsRepo, Tx } from './repo.ts';

/** What the payments module needs to know of an order (the orders service answers it, ownership checked). */
export interface PayableOrder {
  id: string;
  number: number;
  type: 'vehicle' | 'store';
  userId: string;
  country: string;
  total: number;
  currency: string;
  /** The order's language (its e-mails and documents, and the description the payment provider shows). */
  language: string;
  /** Deposit due for the bikes of the order (0 for store orders). */
  deposit: number;
}

/** What a cart would cost (the checkout's setup), for attempts started before the order exists. */
export interface PayableCart {
  id: string;
  country: string;
  currency: string;
  total: number;
  deposit: number;
  type: 'vehicle' | 'store';
}

export interface PaymentCaller {
  userId: string | null;
  roles: string[];
}

/** The providers, one per market (PAYMENT_PROVIDER, STRIPE_MARKETS; README "Configuration"). */
export interface PaymentProviders {
  /** The market's provider; null in production when the market has no Stripe account (no sandbox there). */
  forCountry(country: string): PaymentProvider | null;
  byName(name: string): PaymentProvider | null;
  sandbox: SandboxPayments | null;
}

/**
 * A financing application (spec: POST checkout/ekho/create): method `financing`, provider the lender's name (`ekho`,
 * or the demo's `ekho_sandbox`). Rows made before decision 030 have method `manual` and provider `ekho`.
 */
export const FINANCING_METHOD = 'financing';
export const isFinancing = (row: Pick<PaymentRow, 'method' | 'provider'>) =>
  row.method === FINANCING_METHOD || row.provider === 'ekho';
/** Money that reaches us outside a provider: a transfer to our own account, a payment at the dealer's. */
export const IN_HOUSE_METHODS: readonly string[] = ['stark_bank_transfer', 'manual'];
export const IN_HOUSE_PROVIDER = 'stark';
/** Once the lender paid its part, what is left is the down payment (spec section 4). */
export const financedBy = (rows: PaymentRow[]) => rows.some((r) => isFinancing(r) && r.status === 'SUCCEEDED');
/** Internal method of customer credit applied to an order (never offered as a choice). */
export const WALLET_METHOD = 'wallet';

export const CONFIRM_TYPES: Record<string, ReadonlyArray<ConfirmDetails['type']>> = {
  card: ['card', 'saved_card'],
  google_pay: ['redirect'],
  apple_pay: ['redirect'],
  klarna: ['redirect'],
  splitit: ['redirect'],
  sepa: ['sepa'],
  ach: ['ach'],
  bank_transfer: ['bank_transfer'],
  bank_transfer_gb: ['bank_transfer'],
};

export function paymentView(row: PaymentRow) {
  return {
    _id: row.id,
    orderId: row.orderId,
    kind: row.kind,
    method: row.method,
    status: row.status as PaymentStatus,
    amount: row.amount,
    refunded: row.refunded,
    currency: row.currency,
    provider: row.provider,
    failureCode: row.failureCode,
    actionUrl: row.status === 'REQUIRES_ACTION' ? row.actionUrl : null,
    instructions: row.status === 'PROCESSING' ? ((row.instructions as BankTransferInstructions | null) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}
export type PaymentView = ReturnType<typeof paymentView>;

/** What the payments service is built from (app.ts wires it). */
export interface PaymentsDeps {
  repo: PaymentsRepo;
  providers: PaymentProviders;
  /** The lenders of financing (decision 030); none: financing is not offered. */
  lenders?: Lenders;
  /** The caller's order (null when it is not theirs or does not exist). */
  orderFor(orderId: string, caller: PaymentCaller): Promise<PayableOrder | null>;
  /** The caller's cart priced for a kind (null when it is not theirs). */
  cartFor(cartId: string, caller: PaymentCaller): Promise<PayableCart | null>;
  /**
   * After a payment succeeded (e-mail, unless `mailed`: recorded by `statusEmail` already). Failures are logged by the
   * caller, never undo the payment.
   */
  onSucceeded?(orderId: string, paymentId: string, done?: { mailed: boolean }): Promise<void>;
  /** After a payment failed (e-mail with a link to try again, unless `mailed`). */
  onFailed?(orderId: string, paymentId: string, done?: { mailed: boolean }): Promise<void>;
  /**
   * Records the buyer's e-mail about a payment's new status (SUCCEEDED, FAILED) in the transaction `tx` that sets it
   * (decision 056); `emailsCommitted` after the commit delivers it.
   */
  statusEmail?(tx: Tx, orderId: string, paymentId: string, to: PaymentStatus): Promise<void>;
  emailsCommitted?(): void;
  /** The audit log: administrators' refunds and recorded transfers are written in the change's transaction. */
  audit?: Pick<AuditService, 'record'>;
  /** The market's own checkout settings (back office, decision 054); none: the fixed tables. */
  marketSettings?: (country: string) => MarketSettings | null;
}

/** Who asks for an administrator's change of a payment (the audit entry's actor). */
export interface PaymentActor {
  actorId: string | null;
  ip?: string | null;
}
