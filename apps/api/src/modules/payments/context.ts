// What every part of the payments service shares (docs/decisions/034): the ledger row's owner check, the market's
// provider, the allowed transition of a row with its e-mail, the provider's customer, the methods the market takes.
import {
  type AllowedMethod,
  allowedMethods,
  canTransition,
  nextStatus,
  offeredKinds,
  offeredMethods,
  PAYMENT_METHODS,
  type PaymentKind,
  type PaymentMethod,
  type PaymentStatus,
  paymentKinds,
} from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { noLenders } from '../../providers/financing/interface.ts';
import type { IntentResult, PaymentProvider } from '../../providers/payments/interface.ts';
import { IN_HOUSE_METHODS, type PaymentCaller, type PaymentsDeps } from './model.ts';
import type { PaymentRow, Tx } from './repo.ts';

export function paymentsContext(deps: PaymentsDeps) {
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

  async function notify(row: PaymentRow, from: string, to: PaymentStatus, done = { mailed: false }) {
    if (!row.orderId || from === to) return;
    const send = to === 'SUCCEEDED' ? deps.onSucceeded : to === 'FAILED' ? deps.onFailed : undefined;
    // An e-mail that cannot be sent never undoes or fails the payment.
    try {
      await send?.(row.orderId, row.id, done);
    } catch {}
  }

  /**
   * Moves the payment from `from` to `to` unless it moved meanwhile (answers whether it did), in one transaction with
   * `also` (an audit entry) and the buyer's e-mail about it (decision 056; in a savepoint: an e-mail that cannot be
   * written never undoes the payment). Then what the payment means for its order (`notify`), without that e-mail.
   */
  async function move(
    row: PaymentRow,
    from: PaymentStatus,
    to: PaymentStatus,
    failureCode: string | null,
    options: { extra?: Parameters<typeof repo.setStatus>[4]; also?: (tx: Tx) => Promise<void> } = {},
  ): Promise<boolean> {
    const { orderId } = row;
    const mails = Boolean(deps.statusEmail && orderId && from !== to && (to === 'SUCCEEDED' || to === 'FAILED'));
    const moved = await repo.transaction(async (q, tx) => {
      if (!(await q.setStatus(row.id, from, to, failureCode, options.extra))) return false;
      await options.also?.(tx);
      if (mails && orderId) {
        await tx
          .transaction((savepoint) => deps.statusEmail?.(savepoint, orderId, row.id, to) ?? Promise.resolve())
          .catch(() => undefined);
      }
      return true;
    });
    if (!moved) return false;
    if (mails) deps.emailsCommitted?.();
    await notify({ ...row, status: to, failureCode, ...options.extra } as PaymentRow, from, to, { mailed: mails });
    return true;
  }

  /** Applies what the provider said to the ledger row: an allowed transition, once. */
  async function apply(row: PaymentRow, result: IntentResult): Promise<PaymentRow> {
    const status = nextStatus(row.status as PaymentStatus, result.status);
    const extra = {
      actionUrl: result.actionUrl ?? row.actionUrl,
      instructions: result.instructions ?? row.instructions,
    };
    if (status !== row.status) {
      if (!(await move(row, row.status as PaymentStatus, status, result.failureCode ?? null, { extra }))) {
        // Moved meanwhile — typically by the provider's webhook, which can arrive before its answer to us: what was
        // stored stands, unless this answer moves the payment further.
        const current = await repo.byId(row.id);
        if (!current) throw new ApiError('PAYMENT_CONFLICT');
        if (current.status === status || !canTransition(current.status as PaymentStatus, status)) return current;
        return apply(current, result);
      }
    } else if (result.instructions && !row.instructions)
      await repo.update(row.id, { instructions: result.instructions });
    return { ...row, status, failureCode: result.failureCode, ...extra };
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
  const settingsOf = (country: string) => deps.marketSettings?.(country) ?? null;

  /** The payment kinds of an order or cart, less a deposit the market does not offer (decision 054). */
  function kindsFor(country: string, amounts: { total: number; paid: number; deposit: number }) {
    return offeredKinds(paymentKinds(amounts), settingsOf(country));
  }

  function offered(country: string, methods: AllowedMethod[]): AllowedMethod[] {
    const provider = providers.forCountry(country);
    const lender = lenders.forCountry(country);
    return offeredMethods(methods, settingsOf(country)).filter((m) =>
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

  return {
    deps,
    repo,
    providers,
    lenders,
    providerFor,
    providerOf,
    owned,
    ownPayment,
    notify,
    move,
    apply,
    customerFor,
    offered,
    kindsFor,
    methodsFor,
    checkMethod,
    providerCall,
  };
}
export type PaymentsContext = ReturnType<typeof paymentsContext>;
