import { describe, expect, it } from 'vitest';
import { ach, events, intent, RETURN, sandbox, sepa } from '../../../test/sandbox-fixture.ts';
import { SANDBOX_ACH, SANDBOX_SEPA } from './sandbox.ts';

// The payment sandbox: debits (SEPA, ACH), redirects and bank transfers. The shared setup is
// apps/api/test/sandbox-fixture.ts.

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
