// The sandbox provider: no keys, no network, deterministic, and complete enough to exercise every method, kind and
// status locally (docs/decisions/017-payments.md). It keeps its objects (intents, setup intents, saved cards) in a
// store, as a real provider would, and reports delayed outcomes by signed webhooks, as Stripe does.
//
// Test data (the same numbers Stripe documents, so the habits carry over):
//   cards  test-cards.ts (shared with the browser tests' fake Stripe): 4242 4242 4242 4242 succeeds · 4000 0000 0000
//          0002 declined · 4000 0000 0000 9995 insufficient funds · 4000 0027 6000 3184 needs 3-D Secure · … (any
//          future expiry, any CVC)
//   SEPA   DE89 3704 0044 0532 0130 00 settles · DE62 3704 0044 0532 0130 01 fails later (debit not authorised)
//   ACH    routing 110000000, account 000123456789 settles · account 000111111116 fails later (insufficient funds)
//   Klarna, Splitit, Google Pay, Apple Pay: approve or decline on the sandbox's page.
//   Bank transfers wait for the money; `POST /v1/dev/payments/{id}/settle` (this machine only) makes it arrive.
// The demo only: production never makes this provider (docs/decisions/030-payments-production.md).

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isValidIban, normalizeIban } from '@varg/domain';
import { SANDBOX_PAYMENT_DEFAULTS } from '../../config.ts';
import type { CardInput, ConfirmDetails, IntentResult, PaymentEvent, PaymentProvider, SavedCard } from './interface.ts';
import type { SandboxCard, SandboxIntent, SandboxStore } from './sandbox-store.ts';
import { parseSandboxWebhook, signSandboxWebhook } from './sandbox-webhooks.ts';
import { cardBrand, luhnValid, TEST_CARDS, testCardOutcome } from './test-cards.ts';

export { memorySandboxStore, type SandboxStore } from './sandbox-store.ts';
export { SANDBOX_SIGNATURE_HEADER, signSandboxWebhook } from './sandbox-webhooks.ts';
export { cardBrand, luhnValid } from './test-cards.ts';

/** The test cards (test-cards.ts: the same rule as the browser tests' fake Stripe). */
export const SANDBOX_CARDS = TEST_CARDS;
export const SANDBOX_SEPA = { settles: 'DE89370400440532013000', fails: 'DE62370400440532013001' } as const;
export const SANDBOX_ACH = { routing: '110000000', settles: '000123456789', fails: '000111111116' } as const;

/** ABA routing number checksum (3-7-1 weights). */
export function abaValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number) as number[];
  const sum = [3, 7, 1, 3, 7, 1, 3, 7, 1].reduce((acc, w, i) => acc + w * (d[i] ?? 0), 0);
  return sum % 10 === 0;
}

export interface SandboxOptions {
  store: SandboxStore;
  webhookSecret: string;
  /** Sends a signed event to the app's webhook endpoint (the same code path as Stripe's). */
  deliver?: (rawBody: string, signature: string) => Promise<void>;
  /** How long SEPA and ACH debits take to settle (Stripe takes days; 0 delivers at once). */
  settleMs?: number;
  now?: () => Date;
}

export type SandboxPayments = PaymentProvider & {
  /** The sandbox's card form for saving a card (Stripe.js confirms the setup intent in the browser instead). */
  confirmSetup(
    clientSecret: string,
    card: CardInput,
    customerRef: string,
  ): Promise<SavedCard | { failureCode: string }>;
  /** The money of a bank transfer arrived, or a delayed debit settled or failed: emits the signed webhook. */
  settle(reference: string, outcome: 'succeeded' | 'failed'): Promise<void>;
  /** Settlements still scheduled (tests wait for them). */
  idle(): Promise<void>;
};

export function sandboxPayments(options: SandboxOptions): SandboxPayments {
  const { store } = options;
  const now = options.now ?? (() => new Date());
  const pending = new Set<Promise<void>>();

  function view(intent: SandboxIntent, extra: Partial<IntentResult> = {}): IntentResult {
    return {
      reference: intent.id,
      status: intent.status,
      clientSecret: `${intent.id}_secret_sandbox`,
      actionUrl: null,
      failureCode: intent.failureCode,
      instructions: intent.status === 'PROCESSING' ? intent.instructions : null,
      ...extra,
    };
  }

  async function load(reference: string): Promise<SandboxIntent> {
    const intent = await store.get<SandboxIntent>(reference);
    if (!intent) throw new Error(`no such sandbox intent: ${reference}`);
    return intent;
  }

  async function save(intent: SandboxIntent) {
    await store.put(intent.id, 'intent', intent.customer, intent);
  }

  function instructionsFor(intent: Pick<SandboxIntent, 'id' | 'amount' | 'currency' | 'method' | 'country'>) {
    const base = {
      amountRemaining: intent.amount,
      currency: intent.currency,
      reference: `SBX-${intent.id.slice(-8).toUpperCase()}`,
      accountHolder: 'Stark Future SL (sandbox)',
      bankName: 'Sandbox Bank',
      iban: null,
      bic: null,
      sortCode: null,
      accountNumber: null,
      routingNumber: null,
      hostedUrl: null,
    };
    if (intent.method === 'bank_transfer_gb')
      return { ...base, type: 'sort_code' as const, sortCode: '108800', accountNumber: '00012345' };
    if (intent.currency === 'USD')
      return { ...base, type: 'aba' as const, routingNumber: SANDBOX_ACH.routing, accountNumber: '9876543210' };
    return { ...base, type: 'iban' as const, iban: SANDBOX_SEPA.settles, bic: 'COBADEFFXXX' };
  }

  /** Emits the signed event of an intent's new status to the app, as Stripe's webhook would. */
  async function emit(intent: SandboxIntent) {
    if (!options.deliver) return;
    const type =
      intent.status === 'SUCCEEDED'
        ? 'payment_intent.succeeded'
        : intent.status === 'FAILED'
          ? 'payment_intent.payment_failed'
          : 'payment_intent.processing';
    const body = JSON.stringify({
      id: `evt_sbx_${randomBytes(12).toString('hex')}`,
      type,
      created: Math.floor(now().getTime() / 1000),
      data: {
        object: {
          id: intent.id,
          status: intent.status,
          amount: intent.amount,
          metadata: intent.metadata,
          last_payment_error: intent.failureCode ? { code: intent.failureCode } : null,
        },
      },
    });
    await options.deliver(body, signSandboxWebhook(body, options.webhookSecret, Math.floor(now().getTime() / 1000)));
  }

  async function settle(reference: string, outcome: 'succeeded' | 'failed') {
    const intent = await load(reference);
    if (intent.status === 'SUCCEEDED' || intent.status === 'FAILED') return;
    intent.status = outcome === 'succeeded' ? 'SUCCEEDED' : 'FAILED';
    intent.failureCode = outcome === 'failed' ? (intent.outcome?.failureCode ?? 'payment_failed') : null;
    await save(intent);
    await emit(intent);
  }

  /** A delayed debit settles on its own after `settleMs`, like Stripe's test IBANs and bank accounts. */
  function schedule(intent: SandboxIntent) {
    const outcome = intent.outcome?.status === 'FAILED' ? 'failed' : 'succeeded';
    const run = new Promise<void>((resolve) => {
      setTimeout(() => {
        settle(intent.id, outcome)
          .catch(() => undefined)
          .finally(resolve);
      }, options.settleMs ?? SANDBOX_PAYMENT_DEFAULTS.settleMs).unref?.();
    });
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  function cardOutcome(number: string, card: CardInput | null): IntentResult['status'] | { failureCode: string } {
    if (!luhnValid(number)) return { failureCode: 'invalid_number' };
    if (card) {
      const today = now();
      const expired =
        card.expYear < today.getUTCFullYear() ||
        (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1);
      if (expired || card.expMonth < 1 || card.expMonth > 12) return { failureCode: 'expired_card' };
      if (!/^\d{3,4}$/.test(card.cvc)) return { failureCode: 'incorrect_cvc' };
    }
    const outcome = testCardOutcome(number);
    if (outcome.kind === 'declined') return { failureCode: outcome.decline.failureCode };
    return outcome.kind === 'requires_action' ? 'REQUIRES_ACTION' : 'SUCCEEDED';
  }

  async function payWithCardNumber(intent: SandboxIntent, number: string, card: CardInput | null, returnUrl: string) {
    const outcome = cardOutcome(number, card);
    if (typeof outcome === 'object') {
      intent.status = 'FAILED';
      intent.failureCode = outcome.failureCode;
    } else if (outcome === 'REQUIRES_ACTION') {
      intent.status = 'REQUIRES_ACTION';
      intent.outcome = { status: 'SUCCEEDED', failureCode: null };
    } else {
      intent.status = 'SUCCEEDED';
    }
    await save(intent);
    return view(intent, intent.status === 'REQUIRES_ACTION' ? { actionUrl: returnUrl } : {});
  }

  return {
    name: 'sandbox',
    supports: () => true,
    publicKey: () => null,

    async ensureCustomer({ userId, existing }) {
      return existing ?? `cus_sbx_${createHash('sha256').update(userId).digest('hex').slice(0, 20)}`;
    },

    async createIntent(input) {
      // The same idempotency key gives the same intent, as a real provider answers a retried call.
      const id = `pi_sbx_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
      const found = await store.get<SandboxIntent>(id);
      if (found) return view(found);
      const transfer = ['bank_transfer', 'bank_transfer_gb'].includes(input.method);
      const waiting = transfer || input.method === 'stark_bank_transfer' || input.method === 'manual';
      const intent: SandboxIntent = {
        id,
        amount: input.amount,
        currency: input.currency,
        method: input.method,
        country: input.country,
        customer: input.customerRef,
        status: waiting ? 'PROCESSING' : 'CREATED',
        failureCode: null,
        metadata: input.metadata,
        instructions: null,
        outcome: null,
        refunded: 0,
      };
      if (transfer) intent.instructions = instructionsFor(intent);
      await save(intent);
      return view(intent);
    },

    async updateAmount(reference, _country, amount) {
      const intent = await load(reference);
      if (intent.status !== 'CREATED' && intent.status !== 'PROCESSING')
        throw new Error(`a ${intent.status} intent cannot change its amount`);
      intent.amount = amount;
      if (intent.instructions) intent.instructions = { ...intent.instructions, amountRemaining: amount };
      await save(intent);
      return view(intent);
    },

    async cancelIntent(reference) {
      const intent = await load(reference);
      if (intent.status === 'SUCCEEDED') throw new Error('a succeeded intent cannot be cancelled');
      intent.status = 'FAILED';
      intent.failureCode = 'canceled';
      await save(intent);
    },

    async confirm(reference, _country, details: ConfirmDetails, returnUrl) {
      const intent = await load(reference);
      if (intent.status === 'SUCCEEDED' || intent.status === 'FAILED') return view(intent);
      const fail = async (failureCode: string) => {
        intent.status = 'FAILED';
        intent.failureCode = failureCode;
        await save(intent);
        return view(intent);
      };
      /** A debit is submitted: PROCESSING now, settled (or failed) later by its webhook. */
      const debit = async (fails: boolean, failureCode: string) => {
        intent.status = 'PROCESSING';
        intent.outcome = fails ? { status: 'FAILED', failureCode } : { status: 'SUCCEEDED', failureCode: null };
        await save(intent);
        schedule(intent);
        return view(intent);
      };
      switch (details.type) {
        case 'card':
          return payWithCardNumber(intent, details.number.replace(/\D/g, ''), details, returnUrl);
        case 'saved_card': {
          const card = await store.get<SandboxCard>(details.id);
          if (!card || card.customer !== intent.customer) return fail('payment_method_not_found');
          return payWithCardNumber(intent, card.number, null, returnUrl);
        }
        case 'sepa': {
          const iban = normalizeIban(details.iban);
          if (!isValidIban(iban) || !details.accountHolder.trim()) return fail('invalid_bank_account');
          return debit(iban === SANDBOX_SEPA.fails, 'debit_not_authorized');
        }
        case 'ach':
          if (!abaValid(details.routingNumber) || !/^\d{4,17}$/.test(details.accountNumber))
            return fail('invalid_bank_account');
          return debit(details.accountNumber === SANDBOX_ACH.fails, 'insufficient_funds');
        case 'redirect':
          intent.status = 'REQUIRES_ACTION';
          intent.outcome = { status: 'SUCCEEDED', failureCode: null };
          await save(intent);
          return view(intent, { actionUrl: returnUrl });
        case 'bank_transfer':
          return view(intent);
      }
    },

    async completeAction(reference, _country, approved) {
      const intent = await load(reference);
      if (intent.status !== 'REQUIRES_ACTION') return view(intent);
      intent.status = approved ? 'SUCCEEDED' : 'FAILED';
      intent.failureCode = approved
        ? null
        : intent.method === 'card'
          ? 'authentication_failed'
          : 'payment_method_declined';
      await save(intent);
      return view(intent);
    },

    async retrieve(reference) {
      return view(await load(reference));
    },

    async refund(reference, _country, amount, idempotencyKey) {
      const intent = await load(reference);
      const done = idempotencyKey ? intent.refunds?.[idempotencyKey] : undefined;
      if (done) return done;
      if (intent.status !== 'SUCCEEDED' || amount <= 0 || intent.refunded + amount > intent.amount)
        throw new Error('nothing to refund');
      intent.refunded += amount;
      const id = `re_sbx_${randomBytes(8).toString('hex')}`;
      if (idempotencyKey) intent.refunds = { ...intent.refunds, [idempotencyKey]: id };
      await save(intent);
      return id;
    },

    async createSetupIntent({ customerRef }) {
      const id = `seti_sbx_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${id}_secret_${randomBytes(12).toString('hex')}`;
      await store.put(id, 'setup', customerRef, { id, clientSecret, customer: customerRef, used: false });
      return { clientSecret };
    },

    async confirmSetup(clientSecret, card, customerRef) {
      const id = clientSecret.split('_secret_')[0] ?? '';
      const setup = await store.get<{ clientSecret: string; customer: string; used: boolean }>(id);
      // Compared in constant time: the secret is what proves the browser was given this setup intent.
      const a = Buffer.from(setup?.clientSecret ?? '');
      const b = Buffer.from(clientSecret);
      if (!setup || setup.used || setup.customer !== customerRef || a.length !== b.length || !timingSafeEqual(a, b))
        return { failureCode: 'setup_intent_invalid' };
      const number = card.number.replace(/\D/g, '');
      const outcome = cardOutcome(number, card);
      if (typeof outcome === 'object') return outcome;
      const saved: SandboxCard = {
        id: `pm_sbx_${randomBytes(12).toString('hex')}`,
        brand: cardBrand(number),
        exp_month: card.expMonth,
        exp_year: card.expYear,
        last4: number.slice(-4),
        customer: setup.customer,
        number,
      };
      await store.put(saved.id, 'card', setup.customer, saved);
      await store.put(id, 'setup', setup.customer, { ...setup, used: true });
      return {
        id: saved.id,
        brand: saved.brand,
        exp_month: saved.exp_month,
        exp_year: saved.exp_year,
        last4: saved.last4,
      };
    },

    async listCards(customerRef) {
      const cards = await store.list<SandboxCard>('card', customerRef);
      return cards.map(({ id, brand, exp_month, exp_year, last4 }) => ({ id, brand, exp_month, exp_year, last4 }));
    },

    async detachCard(customerRef, _country, id) {
      const card = await store.get<SandboxCard>(id);
      if (!card || card.customer !== customerRef) return false;
      await store.remove(id);
      return true;
    },

    parseWebhook(rawBody, signature): PaymentEvent {
      return parseSandboxWebhook(rawBody, signature, options.webhookSecret, now());
    },

    settle,

    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
