// Payments of orders (spec sections 3, 4 and 7; docs/decisions/016 and 017): kinds, methods per market and kind, the
// wallet applied first, attempts through the market's provider, webhooks processed once, saved cards, financing.
import { randomUUID } from 'node:crypto';
import {
  type AllowedMethod,
  allowedMethods,
  amountForKind,
  canTransition,
  nextStatus,
  normalizePaymentKind,
  orderLedger,
  PAYMENT_METHODS,
  type PaymentKind,
  type PaymentMethod,
  type PaymentStatus,
  paymentKinds,
} from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type LenderDecision, type Lenders, noLenders } from '../../providers/financing/interface.ts';
import {
  type BankTransferInstructions,
  type CardInput,
  type ConfirmDetails,
  type IntentResult,
  type PaymentProvider,
  WebhookSignatureError,
} from '../../providers/payments/interface.ts';
import type { SandboxPayments } from '../../providers/payments/sandbox.ts';
import type { PaymentRow, PaymentsRepo } from './repo.ts';

/** What the payments module needs to know of an order (the orders service answers it, ownership checked). */
export interface PayableOrder {
  id: string;
  number: number;
  type: 'vehicle' | 'store';
  userId: string;
  country: string;
  total: number;
  currency: string;
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
const FINANCING_METHOD = 'financing';
const isFinancing = (row: Pick<PaymentRow, 'method' | 'provider'>) =>
  row.method === FINANCING_METHOD || row.provider === 'ekho';
/** Money that reaches us outside a provider: a transfer to our own account, a payment at the dealer's. */
const IN_HOUSE_METHODS: readonly string[] = ['stark_bank_transfer', 'manual'];
const IN_HOUSE_PROVIDER = 'stark';
/** Once the lender paid its part, what is left is the down payment (spec section 4). */
const financedBy = (rows: PaymentRow[]) => rows.some((r) => isFinancing(r) && r.status === 'SUCCEEDED');
/** Internal method of customer credit applied to an order (never offered as a choice). */
const WALLET_METHOD = 'wallet';

const CONFIRM_TYPES: Record<string, ReadonlyArray<ConfirmDetails['type']>> = {
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

export function paymentsService(deps: {
  repo: PaymentsRepo;
  providers: PaymentProviders;
  /** The lenders of financing (decision 030); none: financing is not offered. */
  lenders?: Lenders;
  /** The caller's order (null when it is not theirs or does not exist). */
  orderFor(orderId: string, caller: PaymentCaller): Promise<PayableOrder | null>;
  /** The caller's cart priced for a kind (null when it is not theirs). */
  cartFor(cartId: string, caller: PaymentCaller): Promise<PayableCart | null>;
  /** After a payment succeeded (e-mail). Failures are logged by the caller, never undo the payment. */
  onSucceeded?(orderId: string, paymentId: string): Promise<void>;
  /** After a payment failed (e-mail with a link to try again). */
  onFailed?(orderId: string, paymentId: string): Promise<void>;
}) {
  const { repo, providers } = deps;
  const lenders = deps.lenders ?? noLenders;

  /** The market's payment provider, or PAYMENT_METHOD_UNAVAILABLE (production: no Stripe account there). */
  function providerFor(country: string): PaymentProvider {
    const provider = providers.forCountry(country);
    if (!provider) throw new ApiError('PAYMENT_METHOD_UNAVAILABLE');
    return provider;
  }

  function providerOf(row: PaymentRow): PaymentProvider | null {
    return providers.byName(row.provider);
  }

  /** The caller's payment and the market it is paid in; anyone else's answers 404. */
  async function owned(paymentId: string, caller: PaymentCaller) {
    const row = await repo.byId(paymentId);
    if (!row) throw new ApiError('PAYMENT_NOT_FOUND');
    const of = row.orderId
      ? await deps.orderFor(row.orderId, caller)
      : row.cartId
        ? await deps.cartFor(row.cartId, caller)
        : null;
    if (!of) throw new ApiError('PAYMENT_NOT_FOUND');
    return { row, country: of.country };
  }
  const ownPayment = async (paymentId: string, caller: PaymentCaller) => (await owned(paymentId, caller)).row;

  async function notify(row: PaymentRow, from: string, to: PaymentStatus) {
    if (!row.orderId || from === to) return;
    const send = to === 'SUCCEEDED' ? deps.onSucceeded : to === 'FAILED' ? deps.onFailed : undefined;
    // An e-mail that cannot be sent never undoes or fails the payment.
    try {
      await send?.(row.orderId, row.id);
    } catch {}
  }

  /** Applies what the provider said to the ledger row: an allowed transition, once. */
  async function apply(row: PaymentRow, result: IntentResult): Promise<PaymentRow> {
    const status = nextStatus(row.status as PaymentStatus, result.status);
    const extra = {
      actionUrl: result.actionUrl ?? row.actionUrl,
      instructions: result.instructions ?? row.instructions,
    };
    if (status !== row.status) {
      if (!(await repo.setStatus(row.id, row.status as PaymentStatus, status, result.failureCode, extra))) {
        // Moved meanwhile — typically by the provider's webhook, which can arrive before its answer to us: what was
        // stored stands, unless this answer moves the payment further.
        const current = await repo.byId(row.id);
        if (!current) throw new ApiError('PAYMENT_CONFLICT');
        if (current.status === status || !canTransition(current.status as PaymentStatus, status)) return current;
        return apply(current, result);
      }
    } else if (result.instructions && !row.instructions)
      await repo.update(row.id, { instructions: result.instructions });
    const updated = { ...row, status, failureCode: result.failureCode, ...extra };
    await notify(updated, row.status, status);
    return updated;
  }

  async function customerFor(userId: string, provider: PaymentProvider, country: string) {
    const existing = await repo.customerRef(userId, provider.name, country);
    if (existing) return existing;
    const user = await repo.user(userId);
    if (!user) throw new ApiError('UNAUTHORIZED');
    const ref = await provider.ensureCustomer({
      userId,
      email: user.email,
      name: `${user.name} ${user.secondName}`.trim(),
      country,
      existing: null,
    });
    await repo.saveCustomerRef(userId, provider.name, country, ref);
    return (await repo.customerRef(userId, provider.name, country)) ?? ref;
  }

  /**
   * The methods of the domain's rules that the market's provider takes (Stripe markets have no Splitit; a production
   * market without a provider takes none); financing only with a lender; the in-house methods never go through one.
   */
  function offered(country: string, methods: AllowedMethod[]): AllowedMethod[] {
    const provider = providers.forCountry(country);
    const lender = lenders.forCountry(country);
    return methods.filter((m) =>
      m._id === 'financing'
        ? lender !== null
        : IN_HOUSE_METHODS.includes(m._id) || (provider?.supports(m._id) ?? false),
    );
  }

  /** The methods a caller may choose to pay an order or cart with, in a kind: the domain's rules, as the market takes them. */
  function methodsFor(
    target: { country: string; currency: string; type: 'vehicle' | 'store' },
    kind: PaymentKind,
    caller: PaymentCaller,
  ): AllowedMethod[] {
    return offered(
      target.country,
      allowedMethods({
        country: target.country,
        currency: target.currency,
        kind,
        orderType: target.type,
        isDealer: caller.roles.includes('dealer'),
      }),
    );
  }

  /**
   * A method that goes through a provider in a market without one (production without Stripe there) is refused as
   * unavailable, not as a wrong choice: nothing is offered there but the in-house methods and financing.
   */
  function checkMethod(
    methods: AllowedMethod[],
    method: string | undefined,
    fallback: PaymentMethod,
    country: string,
  ): PaymentMethod {
    const chosen = method ?? fallback;
    if (!IN_HOUSE_METHODS.includes(chosen) && chosen !== 'financing' && !providers.forCountry(country))
      throw new ApiError('PAYMENT_METHOD_UNAVAILABLE');
    if (!(PAYMENT_METHODS as readonly string[]).includes(chosen) || !methods.some((m) => m._id === chosen))
      throw new ApiError('PAYMENT_METHOD_NOT_ALLOWED');
    return chosen as PaymentMethod;
  }

  async function providerCall<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError('PAYMENT_PROVIDER_ERROR');
    }
  }

  /**
   * Spends customer credit on an order, at most `amount`: the wallet payment row (`fresh` when this call made it, not
   * a repeat of the same request), or null when there is none.
   */
  async function spendWallet(order: PayableOrder, kind: PaymentKind, amount: number, key: string) {
    return repo.transaction(async (tx) => {
      await tx.lockUser(order.userId);
      const again = await tx.byIdempotencyKey(`${key}:wallet`);
      if (again) return { row: again, fresh: false };
      const balance = await tx.walletBalance(order.userId, order.currency);
      const spend = Math.min(balance, amount);
      if (spend <= 0) return null;
      const row = await tx.create({
        orderId: order.id,
        userId: order.userId,
        kind,
        method: WALLET_METHOD,
        status: 'SUCCEEDED',
        amount: spend,
        currency: order.currency,
        provider: 'wallet',
        providerReference: `wallet:${key}`,
        idempotencyKey: `${key}:wallet`,
      });
      if (!row) throw new ApiError('PAYMENT_CONFLICT');
      await tx.addWalletEntry({
        userId: order.userId,
        currency: order.currency,
        amount: -spend,
        reason: 'order_payment',
        paymentId: row.id,
      });
      return { row, fresh: true };
    });
  }

  return {
    /** The kinds and methods a payer may choose now for an order (setup of a remaining payment, pay pages). */
    async options(caller: PaymentCaller, orderId: string) {
      const order = await deps.orderFor(orderId, caller);
      if (!order) throw new ApiError('ORDER_NOT_FOUND');
      const rows = await repo.ofOrder(order.id);
      const { paid, toPay } = orderLedger({ total: order.total }, rows);
      const kinds = financedBy(rows)
        ? [{ name: 'down_payment' as const, default: true }]
        : paymentKinds({ total: order.total, paid, deposit: order.deposit });
      const methodsByKind = Object.fromEntries(kinds.map((k) => [k.name, methodsFor(order, k.name, caller)]));
      return {
        order,
        paid,
        toPay,
        kinds,
        methodsByKind,
        walletBalance: await repo.walletBalance(order.userId, order.currency),
      };
    },

    /**
     * Starts a payment of an order (spec: POST payment). The amount follows from the kind and the ledger; the wallet is
     * spent first when asked; the client's idempotency key makes a double click start one payment, not two.
     */
    async start(
      caller: PaymentCaller,
      input: {
        order: string;
        kind: string;
        method?: string | undefined;
        useWallet?: boolean | undefined;
        downPayment?: number | undefined;
        idempotencyKey?: string | undefined;
      },
    ) {
      const order = await deps.orderFor(input.order, caller);
      if (!order || !caller.userId) throw new ApiError('ORDER_NOT_FOUND');
      let kind = normalizePaymentKind(input.kind);
      if (!kind) throw new ApiError('PAYMENT_KIND_NOT_ALLOWED');
      // Spec: a store order without a vehicle order is paid in full, by card.
      if (order.type === 'store') kind = 'full';
      // Spec: a positive down payment forces the kind down_payment and the method card.
      const downPayment = input.downPayment ?? 0;
      let requestedMethod = input.method;
      if (downPayment > 0) {
        kind = 'down_payment';
        requestedMethod = 'card';
      }
      const all = await repo.ofOrder(order.id);
      // A failed or refunded attempt is over: the next request starts a new one.
      const attempt = all.filter((p) => p.status === 'FAILED' || p.refunded > 0).length;
      const base = input.idempotencyKey ? `${caller.userId}:${input.idempotencyKey}` : null;
      // Without a client key, a repeat of the same request (a double click) finds the attempt it started, even once
      // it succeeded; after a failed attempt the next request starts a new one.
      const key = base ?? `${order.id}:${kind}:${requestedMethod ?? 'card'}:${attempt}`;
      const walletKey = `${key}:wallet`;
      const existing = await repo.byIdempotencyKey(key);
      if (existing) return paymentView(existing);
      // A repeat can find the wallet payment of the first request (still under way, or the wallet paid it all): it is
      // part of this request's answer, not something paid before it.
      const spentBefore = all.some((p) => p.idempotencyKey === walletKey);
      const previous = all.filter((p) => p.idempotencyKey !== walletKey);
      const { paid } = orderLedger({ total: order.total }, previous);
      const financed = financedBy(previous);
      // Once the lender has paid its part, what is left is the down payment, by card (spec section 4).
      if (financed && kind !== 'down_payment') throw new ApiError('PAYMENT_KIND_NOT_ALLOWED');
      const allowedKinds = financed
        ? ['down_payment']
        : paymentKinds({ total: order.total, paid, deposit: order.deposit }).map((k) => k.name as string);
      // `full` and `remaining` ask the same thing (what is due); a kind that does not apply is refused.
      const sameAsDue = (k: string) => k === 'full' || k === 'remaining';
      if (kind !== 'down_payment' && !allowedKinds.includes(kind) && !(sameAsDue(kind) && allowedKinds.some(sameAsDue)))
        throw new ApiError('PAYMENT_KIND_NOT_ALLOWED');
      const methods = methodsFor(order, kind, caller);
      let due = amountForKind(kind, {
        total: order.total,
        paid,
        deposit: order.deposit,
        downPayment: financed ? order.total : downPayment,
      });
      if (kind === 'down_payment' && (downPayment > due || (!financed && downPayment <= 0)))
        throw new ApiError('DOWN_PAYMENT_INVALID');
      if (due <= 0) throw new ApiError('ORDER_ALREADY_PAID');
      // Checked before the wallet is touched: a refused request spends no credit.
      const method = checkMethod(methods, requestedMethod, 'card', order.country);

      // The wallet is applied first; when it covers everything, no method is needed (spec section 4).
      if (input.useWallet || spentBefore) {
        const spent = await spendWallet(order, kind, due, key);
        if (spent) {
          due -= spent.row.amount;
          if (spent.fresh) await notify(spent.row, 'CREATED', 'SUCCEEDED');
          if (due <= 0) return paymentView(spent.row);
        }
      }
      // Transfers to our own account and payments at the dealer's never touch a provider: they wait for an
      // administrator to record the money (POST admin/payments/{id}/received).
      if (IN_HOUSE_METHODS.includes(method)) {
        const row = await repo.create({
          orderId: order.id,
          userId: order.userId,
          kind,
          method,
          status: 'PROCESSING',
          amount: due,
          currency: order.currency,
          provider: IN_HOUSE_PROVIDER,
          providerReference: key,
          idempotencyKey: key,
        });
        if (!row) throw new ApiError('PAYMENT_CONFLICT');
        return paymentView(row);
      }
      const provider = providerFor(order.country);
      const customerRef = await providerCall(() => customerFor(order.userId, provider, order.country));
      const intent = await providerCall(() =>
        provider.createIntent({
          amount: due,
          currency: order.currency,
          method,
          country: order.country,
          description: `Order ${order.number}`,
          customerRef,
          metadata: { orderId: order.id, orderNumber: String(order.number), kind },
          idempotencyKey: key,
        }),
      );
      const row = await repo.create({
        orderId: order.id,
        userId: order.userId,
        kind,
        method,
        status: intent.status,
        amount: due,
        currency: order.currency,
        provider: provider.name,
        providerReference: intent.reference,
        idempotencyKey: key,
        instructions: intent.instructions,
        failureCode: intent.failureCode,
      });
      if (!row) throw new ApiError('PAYMENT_CONFLICT');
      return { ...paymentView(row), clientSecret: intent.clientSecret };
    },

    /**
     * Confirms a started attempt on the server with what the buyer entered (the sandbox's forms; with Stripe only a
     * saved card — other methods are confirmed in the browser by the Payment Element). A declined card leaves a
     * FAILED attempt to retry.
     */
    async confirm(caller: PaymentCaller, paymentId: string, details: ConfirmDetails, returnUrl: string) {
      const { row, country } = await owned(paymentId, caller);
      if (!CONFIRM_TYPES[row.method]?.includes(details.type)) throw new ApiError('PAYMENT_DETAILS_INVALID');
      if (row.status === 'SUCCEEDED') return paymentView(row);
      if (row.status !== 'CREATED') throw new ApiError('PAYMENT_CONFLICT');
      const provider = providerOf(row);
      if (!provider) throw new ApiError('PAYMENT_PROVIDER_ERROR');
      if (provider.name !== 'sandbox' && details.type !== 'saved_card') throw new ApiError('PAYMENT_DETAILS_INVALID');
      const result = await providerCall(() =>
        provider.confirm(row.providerReference ?? '', country, details, returnUrl),
      );
      return paymentView(await apply(row, result));
    },

    /**
     * The buyer finished the extra step (3-D Secure, Klarna, a wallet sheet). Never a financing application: only the
     * lender decides it, by its signed callback (decision 030) — in any mode.
     */
    async completeAction(caller: PaymentCaller, paymentId: string, approved: boolean) {
      const { row, country } = await owned(paymentId, caller);
      if (isFinancing(row)) throw new ApiError('FINANCING_DECIDED_BY_LENDER');
      if (row.status === 'SUCCEEDED' || row.status === 'FAILED') return paymentView(row);
      if (row.status !== 'REQUIRES_ACTION') throw new ApiError('PAYMENT_CONFLICT');
      const provider = providerOf(row);
      if (!provider) throw new ApiError('PAYMENT_PROVIDER_ERROR');
      const result = await providerCall(() => provider.completeAction(row.providerReference ?? '', country, approved));
      return paymentView(await apply(row, result));
    },

    /**
     * Reads an attempt's status back from its provider (the buyer returned from Stripe's confirm, before or without
     * its webhook) and applies it when it is an allowed step.
     */
    async sync(caller: PaymentCaller, paymentId: string) {
      const { row, country } = await owned(paymentId, caller);
      const provider = providerOf(row);
      if (!provider || row.status === 'SUCCEEDED' || row.status === 'FAILED') return paymentView(row);
      const result = await providerCall(() => provider.retrieve(row.providerReference ?? '', country));
      if (result.status === row.status || !canTransition(row.status as PaymentStatus, result.status))
        return paymentView(row);
      return paymentView(await apply(row, result));
    },

    async get(caller: PaymentCaller, paymentId: string) {
      return paymentView(await ownPayment(paymentId, caller));
    },

    /** Spec: GET payment/stripe-bank-transfer-next-action/{id} — where to send the money of a transfer. */
    async bankTransferNextAction(caller: PaymentCaller, paymentId: string) {
      const { row, country } = await owned(paymentId, caller);
      if (!['bank_transfer', 'bank_transfer_gb'].includes(row.method)) throw new ApiError('PAYMENT_METHOD_NOT_ALLOWED');
      if (row.status !== 'PROCESSING') return { status: row.status as PaymentStatus, instructions: null };
      if (row.instructions)
        return { status: row.status as PaymentStatus, instructions: row.instructions as BankTransferInstructions };
      const provider = providerOf(row);
      const result = provider
        ? await providerCall(() => provider.retrieve(row.providerReference ?? '', country))
        : null;
      if (result?.instructions) await repo.update(row.id, { instructions: result.instructions });
      return { status: row.status as PaymentStatus, instructions: result?.instructions ?? null };
    },

    /**
     * Spec: POST payment/create-intent (and the klarna, google-pay and apple-pay variants): an attempt made before the
     * payment element is shown, for a cart not yet ordered or an order's remaining payment. It is given to the order
     * when the cart is confirmed.
     */
    async createIntent(
      caller: PaymentCaller,
      input: {
        shoppingCartId?: string | undefined;
        orderId?: string | undefined;
        kind: string;
        method: string;
        useWallet?: boolean | undefined;
      },
    ) {
      if (input.orderId)
        return this.start(caller, {
          order: input.orderId,
          kind: input.kind,
          method: input.method,
          useWallet: input.useWallet,
        });
      const cart = input.shoppingCartId ? await deps.cartFor(input.shoppingCartId, caller) : null;
      if (!cart) throw new ApiError('SHOPPING_CART_NOT_FOUND');
      const kind = cart.type === 'store' ? 'full' : normalizePaymentKind(input.kind);
      if (!kind || !paymentKinds({ total: cart.total, paid: 0, deposit: cart.deposit }).some((k) => k.name === kind))
        throw new ApiError('PAYMENT_KIND_NOT_ALLOWED');
      const method = checkMethod(methodsFor(cart, kind, caller), input.method, 'card', cart.country);
      const due = amountForKind(kind, { total: cart.total, paid: 0, deposit: cart.deposit });
      const balance = input.useWallet && caller.userId ? await repo.walletBalance(caller.userId, cart.currency) : 0;
      const walletApplied = Math.min(balance, due);
      const amount = due - walletApplied;
      if (amount <= 0) throw new ApiError('ORDER_ALREADY_PAID');
      const open = (await repo.ofCart(cart.id)).filter((r) => r.method === method && r.status === 'CREATED');
      const reused = open.at(-1);
      if (reused) return { ...paymentView(reused), clientSecret: null };
      const provider = providerFor(cart.country);
      const customerRef = caller.userId
        ? await providerCall(() => customerFor(caller.userId ?? '', provider, cart.country))
        : null;
      const key = `cart:${cart.id}:${method}:${Date.now()}`;
      const intent = await providerCall(() =>
        provider.createIntent({
          amount,
          currency: cart.currency,
          method,
          country: cart.country,
          description: 'Stark Future order',
          customerRef,
          metadata: { cartId: cart.id, kind },
          idempotencyKey: key,
        }),
      );
      const row = await repo.create({
        cartId: cart.id,
        userId: caller.userId,
        kind,
        method,
        status: intent.status,
        amount,
        currency: cart.currency,
        provider: provider.name,
        providerReference: intent.reference,
        idempotencyKey: key,
        instructions: intent.instructions,
        walletApplied,
      });
      if (!row) throw new ApiError('PAYMENT_CONFLICT');
      return { ...paymentView(row), clientSecret: intent.clientSecret };
    },

    /**
     * Spec: POST payment/update-amount — the total changed (address, kind, wallet) before the buyer confirmed. A
     * failure answers PAYMENT_UPDATE_FAILED (the web shows `checkout_update_payment_error`).
     */
    async updateAmount(
      caller: PaymentCaller,
      input: {
        paymentIntentId: string;
        shoppingCartId?: string | undefined;
        kind: string;
        useWallet?: boolean | undefined;
      },
    ) {
      const row = await ownPayment(input.paymentIntentId, caller);
      if (row.status !== 'CREATED' || !row.cartId || row.orderId) throw new ApiError('PAYMENT_UPDATE_FAILED');
      if (input.shoppingCartId && input.shoppingCartId !== row.cartId) throw new ApiError('PAYMENT_NOT_FOUND');
      const cart = await deps.cartFor(row.cartId, caller);
      const kind = normalizePaymentKind(input.kind);
      if (!cart || !kind) throw new ApiError('PAYMENT_UPDATE_FAILED');
      const due = amountForKind(kind, { total: cart.total, paid: 0, deposit: cart.deposit });
      const balance = input.useWallet && caller.userId ? await repo.walletBalance(caller.userId, cart.currency) : 0;
      const walletApplied = Math.min(balance, due);
      const amount = due - walletApplied;
      if (amount <= 0) throw new ApiError('PAYMENT_UPDATE_FAILED');
      const provider = providerOf(row);
      try {
        await provider?.updateAmount(row.providerReference ?? '', cart.country, amount);
      } catch {
        throw new ApiError('PAYMENT_UPDATE_FAILED');
      }
      await repo.update(row.id, { amount, kind, walletApplied });
      return paymentView({ ...row, amount, kind });
    },

    /** Spec: POST payment/cancel-intent — the buyer chose another method; the attempt ends as FAILED `canceled`. */
    async cancelIntent(caller: PaymentCaller, input: { paymentIntentId: string }) {
      const { row, country } = await owned(input.paymentIntentId, caller);
      if (row.status === 'FAILED') return paymentView(row);
      if (!canTransition(row.status as PaymentStatus, 'FAILED')) throw new ApiError('PAYMENT_CONFLICT');
      const provider = providerOf(row);
      await providerCall(async () => provider?.cancelIntent(row.providerReference ?? '', country));
      if (!(await repo.setStatus(row.id, row.status as PaymentStatus, 'FAILED', 'canceled')))
        throw new ApiError('PAYMENT_CONFLICT');
      return paymentView({ ...row, status: 'FAILED', failureCode: 'canceled' });
    },

    /** Gives a cart's attempts to the order made from it (checkout confirm). */
    async adoptCartPayments(cartId: string, orderId: string, userId: string) {
      const adopted = await repo.adopt(cartId, orderId, userId);
      // The checkout's confirm gives the cart's attempts to the order inside its transaction (decision 035); their
      // customer credit is spent here, after the commit (once per attempt: the spend is keyed by it).
      const open = (await repo.ofOrder(orderId)).filter((r) => r.status === 'CREATED' && r.cartId === cartId);
      const order = open.length ? await deps.orderFor(orderId, { userId, roles: [] }) : null;
      if (!order) return adopted;
      // An attempt sized with customer credit (create-intent or update-amount with useWallet) asks less than its
      // kind: that credit is spent now, for the order (as far as the balance still allows).
      for (const row of open.filter((r) => r.walletApplied > 0)) {
        const kind = normalizePaymentKind(row.kind) ?? 'full';
        const spent = await spendWallet(order, kind, row.walletApplied, `adopt:${row.id}`);
        if (spent?.fresh) await notify(spent.row, 'CREATED', 'SUCCEEDED');
      }
      return adopted;
    },

    /**
     * Spec: POST checkout/ekho/create — financing of what is due, less the down payment the buyer pays by card. The
     * market's lender opens an application (REQUIRES_ACTION; `actionUrl` is where the buyer applies); only its signed
     * callback decides it (`lenderCallback`). Without a lender financing is not offered.
     */
    async financing(caller: PaymentCaller, input: { orderId: string; downPayment: number }) {
      const order = await deps.orderFor(input.orderId, caller);
      if (!order || !caller.userId) throw new ApiError('ORDER_NOT_FOUND');
      const options = allowedMethods({
        country: order.country,
        currency: order.currency,
        kind: 'full',
        orderType: order.type,
      });
      const lender = lenders.forCountry(order.country);
      if (!lender || !options.some((m) => m._id === 'financing')) throw new ApiError('FINANCING_NOT_AVAILABLE');
      const previous = await repo.ofOrder(order.id);
      const { toPay } = orderLedger({ total: order.total }, previous);
      if (toPay <= 0) throw new ApiError('ORDER_ALREADY_PAID');
      if (!Number.isInteger(input.downPayment) || input.downPayment < 0 || input.downPayment >= toPay)
        throw new ApiError('DOWN_PAYMENT_INVALID');
      const open = previous.find((r) => isFinancing(r) && r.status === 'REQUIRES_ACTION');
      if (open) return paymentView(open);
      const attempt = previous.filter(isFinancing).length;
      const key = `${order.id}:financing:${attempt}`;
      const id = randomUUID();
      const amount = toPay - input.downPayment;
      const user = await repo.user(order.userId);
      const application = await providerCall(() =>
        lender.createApplication({
          paymentId: id,
          orderId: order.id,
          orderNumber: order.number,
          amount,
          currency: order.currency,
          country: order.country,
          buyer: { email: user?.email ?? '', name: `${user?.name ?? ''} ${user?.secondName ?? ''}`.trim() },
          returnPath: `/complete-order/${order.id}`,
          idempotencyKey: key,
        }),
      );
      const row = await repo.create({
        id,
        orderId: order.id,
        userId: order.userId,
        kind: input.downPayment > 0 ? 'remaining' : 'full',
        method: FINANCING_METHOD,
        status: 'REQUIRES_ACTION',
        amount,
        currency: order.currency,
        provider: lender.name,
        providerReference: application.reference,
        idempotencyKey: key,
        actionUrl: application.approvalUrl,
      });
      if (!row) throw new ApiError('PAYMENT_CONFLICT');
      return paymentView(row);
    },

    /**
     * A lender's callback (`POST /v1/payment/webhook/lender/{name}`): the only way a financing application is
     * approved or declined. Verified by signature over the raw body, processed once per event id, applied only to a
     * waiting application of that lender, and an approval only for the amount and currency applied for.
     */
    async lenderCallback(lenderName: string, rawBody: string, signature: string | undefined) {
      const lender = lenders.byName(lenderName);
      if (!lender) throw new ApiError('NOT_FOUND');
      let decision: LenderDecision;
      try {
        decision = lender.verifyCallback(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new ApiError('WEBHOOK_SIGNATURE_INVALID');
        throw error;
      }
      if (!(await repo.recordEvent(decision.id, lender.name, decision.type))) return { received: true, applied: false };
      const row = await repo.byReference(lender.name, decision.reference);
      if (!row || !isFinancing(row) || row.status !== 'REQUIRES_ACTION') return { received: true, applied: false };
      const approved = decision.decision === 'approved';
      if (approved && (decision.amount !== row.amount || decision.currency !== row.currency.toUpperCase()))
        return { received: true, applied: false };
      const to: PaymentStatus = approved ? 'SUCCEEDED' : 'FAILED';
      const failureCode = approved ? null : 'financing_declined';
      if (!(await repo.setStatus(row.id, 'REQUIRES_ACTION', to, failureCode)))
        return { received: true, applied: false };
      await notify({ ...row, status: to, failureCode }, row.status, to);
      return { received: true, applied: true };
    },

    /**
     * The demo's lender page (/checkout/verify/{id}): the decision goes to the sandbox lender, which answers with its
     * signed callback. Not available in production (no sandbox lender there).
     */
    async sandboxLenderDecision(caller: PaymentCaller, paymentId: string, approved: boolean) {
      const sandbox = lenders.sandbox;
      if (!sandbox) throw new ApiError('NOT_FOUND');
      const { row } = await owned(paymentId, caller);
      if (!isFinancing(row) || row.provider !== sandbox.name) throw new ApiError('PAYMENT_NOT_FOUND');
      if (row.status === 'REQUIRES_ACTION')
        await sandbox.decide(row.providerReference ?? '', approved, { amount: row.amount, currency: row.currency });
      return paymentView((await repo.byId(row.id)) ?? row);
    },

    /**
     * A provider's webhook: verified by signature, processed once (payment_events), and applied only as an allowed
     * transition — a replayed or out-of-order event changes nothing.
     */
    async webhook(providerName: string, rawBody: string, signature: string | undefined) {
      const provider = providers.byName(providerName);
      if (!provider) throw new ApiError('NOT_FOUND');
      let event: ReturnType<PaymentProvider['parseWebhook']>;
      try {
        event = provider.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError || error instanceof SyntaxError)
          throw new ApiError('WEBHOOK_SIGNATURE_INVALID');
        throw error;
      }
      if (!(await repo.recordEvent(event.id, provider.name, event.type))) return { received: true, applied: false };
      if (!event.reference || !event.status) return { received: true, applied: false };
      let row = await repo.byReference(provider.name, event.reference);
      // The event is recorded as processed already: when the payment moved between the read and the write (the
      // answer to the buyer's confirm), it is read again and the event applied if it still moves the payment on.
      while (row) {
        const from = row.status as PaymentStatus;
        if (from === event.status || !canTransition(from, event.status)) return { received: true, applied: false };
        if (await repo.setStatus(row.id, from, event.status, event.failureCode)) {
          await notify({ ...row, status: event.status }, from, event.status);
          return { received: true, applied: true };
        }
        row = await repo.byId(row.id);
      }
      return { received: true, applied: false };
    },

    // — saved cards (spec: GET stripe/cards, DELETE stripe/card, POST stripe/setup) —

    async cards(userId: string, country: string) {
      const provider = providers.forCountry(country);
      if (!provider) return [];
      const ref = await repo.customerRef(userId, provider.name, country);
      if (!ref) return [];
      return providerCall(() => provider.listCards(ref, country));
    },

    async deleteCard(userId: string, country: string, id: string) {
      const provider = providers.forCountry(country);
      if (!provider) throw new ApiError('CARD_NOT_FOUND');
      const ref = await repo.customerRef(userId, provider.name, country);
      if (!ref || !(await providerCall(() => provider.detachCard(ref, country, id))))
        throw new ApiError('CARD_NOT_FOUND');
      return { deleted: true };
    },

    async setupCard(userId: string, country: string) {
      const provider = providerFor(country);
      const ref = await providerCall(() => customerFor(userId, provider, country));
      return providerCall(() => provider.createSetupIntent({ customerRef: ref, country, method: 'card' }));
    },

    /** The sandbox's card form for a setup intent (Stripe.js does this in the browser). */
    async sandboxConfirmSetup(userId: string, country: string, clientSecret: string, card: CardInput) {
      const sandbox = providers.sandbox;
      if (!sandbox || providers.forCountry(country)?.name !== 'sandbox') throw new ApiError('NOT_FOUND');
      const ref = await repo.customerRef(userId, 'sandbox', country);
      // Only the caller's own setup intent: another customer's secret fails like a wrong one.
      const result = await sandbox.confirmSetup(clientSecret, card, ref ?? '');
      if ('failureCode' in result) return { card: null, failureCode: result.failureCode };
      return { card: result, failureCode: null };
    },

    /** The checkout's methods as the market's provider takes them. */
    offeredMethods(country: string, methods: AllowedMethod[]) {
      return offered(country, methods);
    },

    publicKey(country: string | undefined) {
      return { public_key: providers.forCountry(country ?? 'US')?.publicKey(country ?? 'US') ?? null };
    },

    async walletBalance(userId: string, currency: string) {
      return repo.walletBalance(userId, currency);
    },

    /**
     * Gives money back (an administrator: a cancelled order, a goodwill gesture): to the card or account it came
     * from, or as store credit. A payment made with store credit or outside a provider is refunded as store credit.
     * The ledger counts `amount − refunded`, so what is due grows back by the refund.
     */
    async refund(paymentId: string, input: { amount?: number | undefined; to?: 'original' | 'wallet' | undefined }) {
      const row = await repo.byId(paymentId);
      if (!row?.orderId) throw new ApiError('PAYMENT_NOT_FOUND');
      if (row.status !== 'SUCCEEDED') throw new ApiError('PAYMENT_CONFLICT');
      const amount = input.amount ?? row.amount - row.refunded;
      if (!Number.isInteger(amount) || amount <= 0 || amount > row.amount - row.refunded)
        throw new ApiError('REFUND_INVALID');
      const basics = await repo.orderBasics(row.orderId);
      if (!basics) throw new ApiError('PAYMENT_NOT_FOUND');
      const provider = providerOf(row);
      const to = !provider || row.method === WALLET_METHOD ? 'wallet' : (input.to ?? 'original');
      const before = row.refunded;
      const claimed = await repo.claimRefund(row.id, amount);
      if (!claimed) throw new ApiError('PAYMENT_CONFLICT');
      if (to === 'wallet') {
        await repo.addWalletEntry({ userId: basics.userId, currency: row.currency, amount, reason: 'refund' });
      } else {
        try {
          await provider?.refund(row.providerReference ?? '', basics.country, amount, `refund:${row.id}:${before}`);
        } catch {
          await repo.releaseRefund(row.id, amount);
          throw new ApiError('PAYMENT_PROVIDER_ERROR');
        }
      }
      return { ...paymentView(claimed), refundedTo: to };
    },

    /**
     * The money of a payment arrived (or did not): an administrator records an in-house transfer or dealer payment;
     * on this machine, the dev route also makes a sandbox transfer or debit settle (through its signed webhook).
     */
    async settle(paymentId: string, outcome: 'succeeded' | 'failed', via: 'admin' | 'dev') {
      const row = await repo.byId(paymentId);
      if (!row) throw new ApiError('PAYMENT_NOT_FOUND');
      if (row.provider === IN_HOUSE_PROVIDER) {
        const to: PaymentStatus = outcome === 'succeeded' ? 'SUCCEEDED' : 'FAILED';
        if (row.status === to) return paymentView(row);
        if (!canTransition(row.status as PaymentStatus, to)) throw new ApiError('PAYMENT_CONFLICT');
        const failureCode = to === 'FAILED' ? 'payment_not_received' : null;
        if (!(await repo.setStatus(row.id, row.status as PaymentStatus, to, failureCode)))
          throw new ApiError('PAYMENT_CONFLICT');
        await notify({ ...row, status: to }, row.status, to);
      } else if (via === 'dev' && row.provider === 'sandbox' && providers.sandbox) {
        await providers.sandbox.settle(row.providerReference ?? '', outcome);
      } else throw new ApiError('PAYMENT_CONFLICT');
      return paymentView((await repo.byId(paymentId)) ?? row);
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
