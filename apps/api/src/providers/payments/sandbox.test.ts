import { describe, expect, it } from 'vitest';
import { type ConfirmDetails, type IntentInput, WebhookSignatureError } from './interface.ts';
import {
  abaValid,
  cardBrand,
  luhnValid,
  memorySandboxStore,
  SANDBOX_ACH,
  SANDBOX_CARDS,
  SANDBOX_SEPA,
  type SandboxOptions,
  sandboxPayments,
  signSandboxWebhook,
} from './sandbox.ts';

const SECRET = 'whsec_test_secret_123456';
const RETURN = '/de-DE/checkout/verify/p1';
const nextYear = new Date().getUTCFullYear() + 1;

/** The sandbox on a Map, recording the webhooks it delivers (settled at once). */
function sandbox(options: Partial<SandboxOptions> = {}) {
  const delivered: Array<{ body: string; signature: string }> = [];
  const provider = sandboxPayments({
    store: memorySandboxStore(),
    webhookSecret: SECRET,
    deliver: async (body, signature) => {
      delivered.push({ body, signature });
    },
    settleMs: 0,
    ...options,
  });
  return { provider, delivered };
}

let keys = 0;
function intent(over: Partial<IntentInput> = {}): IntentInput {
  return {
    amount: 50_000,
    currency: 'EUR',
    method: 'card',
    country: 'DE',
    description: 'Order 1001',
    customerRef: 'cus_a',
    metadata: { orderId: 'o1', kind: 'deposit' },
    idempotencyKey: `key-${++keys}`,
    ...over,
  };
}

const card = (number: string, over: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  ({ type: 'card', number, expMonth: 12, expYear: nextYear, cvc: '123', ...over }) as ConfirmDetails;

const sepa = (iban: string, accountHolder = 'Jonas Becker'): ConfirmDetails => ({
  type: 'sepa',
  iban,
  accountHolder,
  email: 'jonas@example.com',
});

const ach = (accountNumber: string, routingNumber: string = SANDBOX_ACH.routing): ConfirmDetails => ({
  type: 'ach',
  routingNumber,
  accountNumber,
  accountHolder: 'Jane Doe',
  accountType: 'checking',
});

describe('sandbox helpers', () => {
  it('checks card numbers (Luhn), routing numbers (ABA) and names brands', () => {
    for (const n of Object.values(SANDBOX_CARDS)) expect(luhnValid(n)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
    expect(abaValid(SANDBOX_ACH.routing)).toBe(true);
    expect(abaValid('110000001')).toBe(false);
    expect(abaValid('11000000')).toBe(false);
    expect(cardBrand(SANDBOX_CARDS.success)).toBe('visa');
    expect(cardBrand(SANDBOX_CARDS.mastercard)).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
  });
});

describe('sandbox intents', () => {
  it('createIntent is idempotent: the same key answers the same attempt, another key a new one', async () => {
    const { provider } = sandbox();
    const input = intent();
    const first = await provider.createIntent(input);
    expect(first).toMatchObject({ status: 'CREATED', actionUrl: null, failureCode: null, instructions: null });
    expect(first.reference).toMatch(/^pi_sbx_/);
    expect(first.clientSecret).toBeTruthy();
    const again = await provider.createIntent({ ...input, amount: 1 });
    expect(again.reference).toBe(first.reference);
    // A retried call answers the attempt as it was made (its amount is not changed by the retry).
    await provider.confirm(first.reference, 'DE', card(SANDBOX_CARDS.success), RETURN);
    expect((await provider.createIntent(input)).status).toBe('SUCCEEDED');
    const other = await provider.createIntent(intent());
    expect(other.reference).not.toBe(first.reference);
    expect(other.status).toBe('CREATED');
  });

  it.each([
    ['success', SANDBOX_CARDS.success, 'SUCCEEDED', null],
    ['mastercard', SANDBOX_CARDS.mastercard, 'SUCCEEDED', null],
    ['declined', SANDBOX_CARDS.declined, 'FAILED', 'card_declined'],
    ['insufficient funds', SANDBOX_CARDS.insufficientFunds, 'FAILED', 'insufficient_funds'],
    ['not a card number', '4242424242424241', 'FAILED', 'invalid_number'],
  ])('a card (%s) ends %s', async (_name, number, status, failureCode) => {
    const { provider } = sandbox();
    const { reference } = await provider.createIntent(intent());
    const result = await provider.confirm(reference, 'DE', card(number.replace(/(\d{4})/g, '$1 ').trim()), RETURN);
    expect(result).toMatchObject({ reference, status, failureCode, actionUrl: null });
    expect(await provider.retrieve(reference, 'DE')).toMatchObject({ status, failureCode });
  });

  it('an expired card, a bad month or a bad CVC fails', async () => {
    const { provider } = sandbox();
    const cases: Array<[Partial<{ expMonth: number; expYear: number; cvc: string }>, string]> = [
      [{ expYear: 2020 }, 'expired_card'],
      [{ expMonth: 13 }, 'expired_card'],
      [{ cvc: '12' }, 'incorrect_cvc'],
    ];
    for (const [over, code] of cases) {
      const { reference } = await provider.createIntent(intent());
      expect(await provider.confirm(reference, 'DE', card(SANDBOX_CARDS.success, over), RETURN)).toMatchObject({
        status: 'FAILED',
        failureCode: code,
      });
    }
  });

  it('a 3-D Secure card waits for the buyer (actionUrl = returnUrl); approved it succeeds, declined it fails', async () => {
    const { provider } = sandbox();
    const a = await provider.createIntent(intent());
    expect(await provider.confirm(a.reference, 'DE', card(SANDBOX_CARDS.requiresAction), RETURN)).toMatchObject({
      status: 'REQUIRES_ACTION',
      actionUrl: RETURN,
    });
    expect(await provider.completeAction(a.reference, 'DE', true)).toMatchObject({
      status: 'SUCCEEDED',
      failureCode: null,
    });
    // Done is done: another decision changes nothing.
    expect((await provider.completeAction(a.reference, 'DE', false)).status).toBe('SUCCEEDED');

    const b = await provider.createIntent(intent());
    await provider.confirm(b.reference, 'DE', card(SANDBOX_CARDS.requiresAction), RETURN);
    expect(await provider.completeAction(b.reference, 'DE', false)).toMatchObject({
      status: 'FAILED',
      failureCode: 'authentication_failed',
    });
  });

  it('a finished attempt is not confirmed again', async () => {
    const { provider } = sandbox();
    const { reference } = await provider.createIntent(intent());
    await provider.confirm(reference, 'DE', card(SANDBOX_CARDS.declined), RETURN);
    expect(await provider.confirm(reference, 'DE', card(SANDBOX_CARDS.success), RETURN)).toMatchObject({
      status: 'FAILED',
      failureCode: 'card_declined',
    });
    // completeAction on an attempt that waits for nothing changes nothing either.
    const other = await provider.createIntent(intent());
    expect((await provider.completeAction(other.reference, 'DE', true)).status).toBe('CREATED');
  });

  it('an unknown attempt is an error', async () => {
    const { provider } = sandbox();
    await expect(provider.retrieve('pi_sbx_nope', 'DE')).rejects.toThrow(/no such sandbox intent/);
    await expect(provider.confirm('pi_sbx_nope', 'DE', { type: 'redirect' }, RETURN)).rejects.toThrow();
  });
});

describe('sandbox saved cards', () => {
  async function saveCard(provider: ReturnType<typeof sandbox>['provider'], customer: string, number: string) {
    const { clientSecret } = await provider.createSetupIntent({ customerRef: customer, country: 'DE', method: 'card' });
    const saved = await provider.confirmSetup(
      clientSecret,
      { number, expMonth: 11, expYear: nextYear, cvc: '999' },
      customer,
    );
    if ('failureCode' in saved) throw new Error(saved.failureCode);
    return saved;
  }

  it('saves a card (brand, last 4, expiry; never the number) and lists it for its customer only', async () => {
    const { provider } = sandbox();
    const saved = await saveCard(provider, 'cus_a', SANDBOX_CARDS.mastercard);
    expect(saved).toEqual({
      id: expect.stringMatching(/^pm_sbx_/),
      brand: 'mastercard',
      exp_month: 11,
      exp_year: nextYear,
      last4: '4444',
    });
    expect(await provider.listCards('cus_a', 'DE')).toEqual([saved]);
    expect(await provider.listCards('cus_b', 'DE')).toEqual([]);
  });

  it('paying with a saved card keeps the test number’s behaviour', async () => {
    const { provider } = sandbox();
    const plain = await saveCard(provider, 'cus_a', SANDBOX_CARDS.success);
    const secure = await saveCard(provider, 'cus_a', SANDBOX_CARDS.requiresAction);
    const a = await provider.createIntent(intent());
    expect(await provider.confirm(a.reference, 'DE', { type: 'saved_card', id: plain.id }, RETURN)).toMatchObject({
      status: 'SUCCEEDED',
    });
    const b = await provider.createIntent(intent());
    expect(await provider.confirm(b.reference, 'DE', { type: 'saved_card', id: secure.id }, RETURN)).toMatchObject({
      status: 'REQUIRES_ACTION',
      actionUrl: RETURN,
    });
    expect((await provider.completeAction(b.reference, 'DE', true)).status).toBe('SUCCEEDED');
    // The card stays saved after use.
    expect((await provider.listCards('cus_a', 'DE')).map((c) => c.id)).toEqual([plain.id, secure.id]);
  });

  it('refuses another customer’s card, and an unknown one', async () => {
    const { provider } = sandbox();
    const hers = await saveCard(provider, 'cus_b', SANDBOX_CARDS.success);
    const mine = await provider.createIntent(intent({ customerRef: 'cus_a' }));
    expect(await provider.confirm(mine.reference, 'DE', { type: 'saved_card', id: hers.id }, RETURN)).toMatchObject({
      status: 'FAILED',
      failureCode: 'payment_method_not_found',
    });
    const anon = await provider.createIntent(intent({ customerRef: null }));
    expect(
      await provider.confirm(anon.reference, 'DE', { type: 'saved_card', id: 'pm_sbx_unknown' }, RETURN),
    ).toMatchObject({
      status: 'FAILED',
      failureCode: 'payment_method_not_found',
    });
  });

  it('a setup intent: a wrong secret, another customer, a declined card and a second use are refused', async () => {
    const { provider } = sandbox();
    const { clientSecret } = await provider.createSetupIntent({ customerRef: 'cus_a', country: 'DE', method: 'card' });
    expect(clientSecret).toMatch(/^seti_sbx_\w+_secret_\w+$/);
    const good = { number: SANDBOX_CARDS.success, expMonth: 1, expYear: nextYear, cvc: '123' };
    const id = clientSecret.split('_secret_')[0];
    expect(await provider.confirmSetup(`${id}_secret_wrong`, good, 'cus_a')).toEqual({
      failureCode: 'setup_intent_invalid',
    });
    expect(await provider.confirmSetup(`${clientSecret}x`, good, 'cus_a')).toEqual({
      failureCode: 'setup_intent_invalid',
    });
    expect(await provider.confirmSetup('seti_sbx_nope_secret_x', good, 'cus_a')).toEqual({
      failureCode: 'setup_intent_invalid',
    });
    expect(await provider.confirmSetup(clientSecret, good, 'cus_b')).toEqual({ failureCode: 'setup_intent_invalid' });
    expect(await provider.confirmSetup(clientSecret, { ...good, number: SANDBOX_CARDS.declined }, 'cus_a')).toEqual({
      failureCode: 'card_declined',
    });
    expect(await provider.listCards('cus_a', 'DE')).toEqual([]);
    expect(await provider.listCards('cus_b', 'DE')).toEqual([]);
    // Failed tries leave the setup intent usable; once used it is spent.
    const saved = await provider.confirmSetup(clientSecret, good, 'cus_a');
    expect(saved).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(await provider.confirmSetup(clientSecret, good, 'cus_a')).toEqual({ failureCode: 'setup_intent_invalid' });
    expect(await provider.listCards('cus_a', 'DE')).toHaveLength(1);
  });

  it('detaches a card for its customer only', async () => {
    const { provider } = sandbox();
    const saved = await saveCard(provider, 'cus_a', SANDBOX_CARDS.success);
    expect(await provider.detachCard('cus_b', 'DE', saved.id)).toBe(false);
    expect(await provider.listCards('cus_a', 'DE')).toHaveLength(1);
    expect(await provider.detachCard('cus_a', 'DE', saved.id)).toBe(true);
    expect(await provider.listCards('cus_a', 'DE')).toEqual([]);
    expect(await provider.detachCard('cus_a', 'DE', saved.id)).toBe(false);
    // A detached card no longer pays.
    const { reference } = await provider.createIntent(intent());
    expect((await provider.confirm(reference, 'DE', { type: 'saved_card', id: saved.id }, RETURN)).failureCode).toBe(
      'payment_method_not_found',
    );
  });
});

/** The events delivered so far, read back through the sandbox's own verification. */
function events(provider: ReturnType<typeof sandbox>['provider'], delivered: ReturnType<typeof sandbox>['delivered']) {
  return delivered.map((d) => provider.parseWebhook(d.body, d.signature));
}

describe('sandbox debits (SEPA, ACH): PROCESSING, then a signed webhook', () => {
  it('a SEPA debit of the settling IBAN is PROCESSING, then succeeds and says so by webhook', async () => {
    const { provider, delivered } = sandbox();
    const { reference } = await provider.createIntent(intent({ method: 'sepa' }));
    const result = await provider.confirm(reference, 'DE', sepa('de89 3704 0044 0532 0130 00'), RETURN);
    expect(result).toMatchObject({ status: 'PROCESSING', failureCode: null, instructions: null });
    await provider.idle();
    expect(delivered).toHaveLength(1);
    const [event] = events(provider, delivered);
    expect(event).toMatchObject({
      type: 'payment_intent.succeeded',
      reference,
      status: 'SUCCEEDED',
      failureCode: null,
    });
    const body = JSON.parse(delivered[0]?.body ?? '{}');
    expect(body.data.object).toMatchObject({
      id: reference,
      amount: 50_000,
      metadata: { orderId: 'o1', kind: 'deposit' },
    });
    expect((await provider.retrieve(reference, 'DE')).status).toBe('SUCCEEDED');
  });

  it('the failing IBAN is PROCESSING first, then fails (debit not authorised)', async () => {
    const { provider, delivered } = sandbox();
    const { reference } = await provider.createIntent(intent({ method: 'sepa' }));
    expect((await provider.confirm(reference, 'DE', sepa(SANDBOX_SEPA.fails), RETURN)).status).toBe('PROCESSING');
    await provider.idle();
    expect(events(provider, delivered)).toEqual([
      expect.objectContaining({
        type: 'payment_intent.payment_failed',
        reference,
        status: 'FAILED',
        failureCode: 'debit_not_authorized',
      }),
    ]);
    expect(await provider.retrieve(reference, 'DE')).toMatchObject({
      status: 'FAILED',
      failureCode: 'debit_not_authorized',
    });
  });

  it('an invalid IBAN or no account holder fails at once, without a webhook', async () => {
    const { provider, delivered } = sandbox();
    for (const details of [sepa('DE89370400440532013001'), sepa('XX'), sepa(SANDBOX_SEPA.settles, '  ')]) {
      const { reference } = await provider.createIntent(intent({ method: 'sepa' }));
      expect(await provider.confirm(reference, 'DE', details, RETURN)).toMatchObject({
        status: 'FAILED',
        failureCode: 'invalid_bank_account',
      });
    }
    await provider.idle();
    expect(delivered).toEqual([]);
  });

  it('an ACH debit settles, or fails later for insufficient funds; a bad routing number fails at once', async () => {
    const { provider, delivered } = sandbox();
    const ok = await provider.createIntent(intent({ method: 'ach', currency: 'USD', country: 'US' }));
    const ko = await provider.createIntent(intent({ method: 'ach', currency: 'USD', country: 'US' }));
    const bad = await provider.createIntent(intent({ method: 'ach', currency: 'USD', country: 'US' }));
    expect((await provider.confirm(ok.reference, 'US', ach(SANDBOX_ACH.settles), RETURN)).status).toBe('PROCESSING');
    expect((await provider.confirm(ko.reference, 'US', ach(SANDBOX_ACH.fails), RETURN)).status).toBe('PROCESSING');
    expect(await provider.confirm(bad.reference, 'US', ach(SANDBOX_ACH.settles, '110000001'), RETURN)).toMatchObject({
      status: 'FAILED',
      failureCode: 'invalid_bank_account',
    });
    await provider.idle();
    const byRef = Object.fromEntries(events(provider, delivered).map((e) => [e.reference, e]));
    expect(Object.keys(byRef).sort()).toEqual([ok.reference, ko.reference].sort());
    expect(byRef[ok.reference]).toMatchObject({ status: 'SUCCEEDED' });
    expect(byRef[ko.reference]).toMatchObject({ status: 'FAILED', failureCode: 'insufficient_funds' });
  });

  it('settles only after settleMs', async () => {
    const { provider, delivered } = sandbox({ settleMs: 40 });
    const { reference } = await provider.createIntent(intent({ method: 'sepa' }));
    await provider.confirm(reference, 'DE', sepa(SANDBOX_SEPA.settles), RETURN);
    expect(delivered).toHaveLength(0);
    expect((await provider.retrieve(reference, 'DE')).status).toBe('PROCESSING');
    await provider.idle();
    expect(delivered).toHaveLength(1);
  });

  it('a debit cancelled before it settles stays cancelled', async () => {
    const { provider, delivered } = sandbox({ settleMs: 20 });
    const { reference } = await provider.createIntent(intent({ method: 'sepa' }));
    await provider.confirm(reference, 'DE', sepa(SANDBOX_SEPA.settles), RETURN);
    await provider.cancelIntent(reference, 'DE');
    await provider.idle();
    expect(delivered).toEqual([]);
    expect(await provider.retrieve(reference, 'DE')).toMatchObject({ status: 'FAILED', failureCode: 'canceled' });
  });
});

describe('sandbox redirects (Klarna, Splitit, Google Pay, Apple Pay)', () => {
  it.each(['klarna', 'splitit', 'google_pay', 'apple_pay'] as const)(
    '%s: REQUIRES_ACTION, then approved or declined',
    async (method) => {
      const { provider } = sandbox();
      const a = await provider.createIntent(intent({ method }));
      expect(await provider.confirm(a.reference, 'DE', { type: 'redirect' }, RETURN)).toMatchObject({
        status: 'REQUIRES_ACTION',
        actionUrl: RETURN,
      });
      expect(await provider.completeAction(a.reference, 'DE', true)).toMatchObject({
        status: 'SUCCEEDED',
        failureCode: null,
      });
      const b = await provider.createIntent(intent({ method }));
      await provider.confirm(b.reference, 'DE', { type: 'redirect' }, RETURN);
      expect(await provider.completeAction(b.reference, 'DE', false)).toMatchObject({
        status: 'FAILED',
        failureCode: 'payment_method_declined',
      });
    },
  );
});

describe('sandbox bank transfers', () => {
  it.each([
    ['bank_transfer', 'EUR', 'DE', 'iban'],
    ['bank_transfer_gb', 'GBP', 'GB', 'sort_code'],
    ['bank_transfer', 'USD', 'US', 'aba'],
  ] as const)('%s in %s waits in PROCESSING with %s instructions', async (method, currency, country, type) => {
    const { provider } = sandbox();
    const result = await provider.createIntent(intent({ method, currency, country, amount: 123_456 }));
    expect(result.status).toBe('PROCESSING');
    const i = result.instructions;
    expect(i).toMatchObject({ type, amountRemaining: 123_456, currency });
    expect(i?.reference).toMatch(/^SBX-[0-9A-F]{8}$/);
    if (type === 'iban')
      expect(i).toMatchObject({ iban: SANDBOX_SEPA.settles, bic: expect.any(String), sortCode: null });
    if (type === 'sort_code')
      expect(i).toMatchObject({
        sortCode: expect.stringMatching(/^\d{6}$/),
        accountNumber: expect.any(String),
        iban: null,
      });
    if (type === 'aba')
      expect(i).toMatchObject({ routingNumber: SANDBOX_ACH.routing, accountNumber: expect.any(String), iban: null });
    // Confirming "bank_transfer" just shows the instructions again.
    expect((await provider.confirm(result.reference, country, { type: 'bank_transfer' }, RETURN)).instructions).toEqual(
      i,
    );
    expect((await provider.retrieve(result.reference, country)).instructions).toEqual(i);
  });

  it('the money arrives (settle): SUCCEEDED by webhook, and no more instructions', async () => {
    const { provider, delivered } = sandbox();
    const { reference } = await provider.createIntent(intent({ method: 'bank_transfer' }));
    await provider.settle(reference, 'succeeded');
    expect(events(provider, delivered)).toEqual([expect.objectContaining({ reference, status: 'SUCCEEDED' })]);
    expect(await provider.retrieve(reference, 'DE')).toMatchObject({ status: 'SUCCEEDED', instructions: null });
    // Settling again changes nothing and sends nothing.
    await provider.settle(reference, 'failed');
    expect(delivered).toHaveLength(1);
    expect((await provider.retrieve(reference, 'DE')).status).toBe('SUCCEEDED');
  });

  it('a transfer to our own account (stark_bank_transfer) or at the dealer’s waits without instructions', async () => {
    const { provider } = sandbox();
    for (const method of ['stark_bank_transfer', 'manual'] as const)
      expect(await provider.createIntent(intent({ method }))).toMatchObject({
        status: 'PROCESSING',
        instructions: null,
      });
  });
});

describe('sandbox amounts, cancellation and refunds', () => {
  it('updateAmount changes an open attempt (and the transfer instructions), not a finished one', async () => {
    const { provider } = sandbox();
    const a = await provider.createIntent(intent());
    expect(await provider.updateAmount(a.reference, 'DE', 70_000)).toMatchObject({
      reference: a.reference,
      status: 'CREATED',
    });
    const b = await provider.createIntent(intent({ method: 'bank_transfer' }));
    expect((await provider.updateAmount(b.reference, 'DE', 12_345)).instructions?.amountRemaining).toBe(12_345);
    await provider.confirm(a.reference, 'DE', card(SANDBOX_CARDS.success), RETURN);
    await expect(provider.updateAmount(a.reference, 'DE', 1)).rejects.toThrow(/SUCCEEDED/);
    const c = await provider.createIntent(intent());
    await provider.cancelIntent(c.reference, 'DE');
    await expect(provider.updateAmount(c.reference, 'DE', 1)).rejects.toThrow(/FAILED/);
  });

  it('cancel ends an open attempt as FAILED canceled; a succeeded one cannot be cancelled', async () => {
    const { provider } = sandbox();
    const a = await provider.createIntent(intent());
    await provider.cancelIntent(a.reference, 'DE');
    expect(await provider.retrieve(a.reference, 'DE')).toMatchObject({ status: 'FAILED', failureCode: 'canceled' });
    // A cancelled attempt is not confirmed afterwards.
    expect((await provider.confirm(a.reference, 'DE', card(SANDBOX_CARDS.success), RETURN)).status).toBe('FAILED');
    const b = await provider.createIntent(intent());
    await provider.confirm(b.reference, 'DE', card(SANDBOX_CARDS.success), RETURN);
    await expect(provider.cancelIntent(b.reference, 'DE')).rejects.toThrow();
    expect((await provider.retrieve(b.reference, 'DE')).status).toBe('SUCCEEDED');
  });

  it('refunds only a succeeded payment, never more than it took', async () => {
    const { provider } = sandbox();
    const open = await provider.createIntent(intent({ amount: 10_000 }));
    await expect(provider.refund(open.reference, 'DE', 100)).rejects.toThrow(/nothing to refund/);
    await provider.confirm(open.reference, 'DE', card(SANDBOX_CARDS.success), RETURN);
    await expect(provider.refund(open.reference, 'DE', 0)).rejects.toThrow();
    await expect(provider.refund(open.reference, 'DE', -5)).rejects.toThrow();
    await expect(provider.refund(open.reference, 'DE', 10_001)).rejects.toThrow();
    expect(await provider.refund(open.reference, 'DE', 6_000)).toMatch(/^re_sbx_/);
    await expect(provider.refund(open.reference, 'DE', 4_001)).rejects.toThrow();
    const last = await provider.refund(open.reference, 'DE', 4_000);
    expect(last).toMatch(/^re_sbx_/);
    await expect(provider.refund(open.reference, 'DE', 1)).rejects.toThrow();
  });
});

describe('sandbox customers', () => {
  it('derives a stable customer per user, and keeps an existing one', async () => {
    const { provider } = sandbox();
    const base = { email: 'a@example.com', name: 'A', country: 'DE', existing: null };
    const a = await provider.ensureCustomer({ ...base, userId: 'u1' });
    expect(a).toMatch(/^cus_sbx_/);
    expect(await provider.ensureCustomer({ ...base, userId: 'u1' })).toBe(a);
    expect(await provider.ensureCustomer({ ...base, userId: 'u2' })).not.toBe(a);
    expect(await provider.ensureCustomer({ ...base, userId: 'u1', existing: 'cus_old' })).toBe('cus_old');
    expect(provider.publicKey('DE')).toBeNull();
    expect(provider.name).toBe('sandbox');
  });
});

describe('sandbox webhooks', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'payment_intent.succeeded',
    data: { object: { id: 'pi_sbx_1', last_payment_error: null } },
  });

  it('reads a correctly signed event', () => {
    const { provider } = sandbox();
    expect(provider.parseWebhook(body, signSandboxWebhook(body, SECRET))).toEqual({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      reference: 'pi_sbx_1',
      status: 'SUCCEEDED',
      failureCode: null,
    });
  });

  it('maps each payment_intent event to a status and ignores the others', () => {
    const { provider } = sandbox();
    const read = (type: string, error: unknown = null) => {
      const raw = JSON.stringify({
        id: `evt_${type}`,
        type,
        data: { object: { id: 'pi_x', last_payment_error: error } },
      });
      return provider.parseWebhook(raw, signSandboxWebhook(raw, SECRET));
    };
    expect(read('payment_intent.processing')).toMatchObject({ status: 'PROCESSING', reference: 'pi_x' });
    expect(read('payment_intent.requires_action')).toMatchObject({ status: 'REQUIRES_ACTION' });
    expect(read('payment_intent.payment_failed', { code: 'card_declined' })).toMatchObject({
      status: 'FAILED',
      failureCode: 'card_declined',
    });
    expect(read('charge.refunded')).toMatchObject({ status: null, reference: null, type: 'charge.refunded' });
  });

  it('refuses a tampered body, a forged or wrongly keyed signature, a stale or future timestamp, no header', () => {
    const { provider } = sandbox();
    const good = signSandboxWebhook(body, SECRET);
    const refused = (raw: string, signature: string | undefined) => {
      expect(() => provider.parseWebhook(raw, signature)).toThrow(WebhookSignatureError);
    };
    refused(body.replace('succeeded', 'payment_failed'), good);
    refused(`${body} `, good);
    refused(body, signSandboxWebhook(body, 'whsec_another_secret_000'));
    refused(
      body,
      good.replace(/v1=([0-9a-f])/, (_m, c) => `v1=${c === '0' ? '1' : '0'}`),
    );
    refused(body, good.replace(/v1=.*/, 'v1=abc'));
    const now = Math.floor(Date.now() / 1000);
    refused(body, signSandboxWebhook(body, SECRET, now - 301));
    refused(body, signSandboxWebhook(body, SECRET, now + 301));
    refused(body, undefined);
    refused(body, '');
    refused(body, 'garbage');
    refused(body, `t=${now}`);
    refused(body, good.replace(/t=\d+/, 't=abc'));
    // Within the tolerance is accepted.
    expect(provider.parseWebhook(body, signSandboxWebhook(body, SECRET, now - 200)).id).toBe('evt_1');
  });

  it('uses its clock for the tolerance', () => {
    const { provider } = sandbox({ now: () => new Date('2030-01-01T00:00:00Z') });
    const t = Math.floor(new Date('2030-01-01T00:00:00Z').getTime() / 1000);
    expect(provider.parseWebhook(body, signSandboxWebhook(body, SECRET, t - 10)).id).toBe('evt_1');
    expect(() => provider.parseWebhook(body, signSandboxWebhook(body, SECRET))).toThrow(WebhookSignatureError);
  });
});
