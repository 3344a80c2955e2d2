import { describe, expect, it } from 'vitest';
import { card, intent, RETURN, SECRET, sandbox } from '../../../test/sandbox-fixture.ts';
import { WebhookSignatureError } from './interface.ts';
import { SANDBOX_CARDS, signSandboxWebhook } from './sandbox.ts';

// The payment sandbox: amounts, cancellation, refunds, customers and webhooks. The shared setup is
// apps/api/test/sandbox-fixture.ts.

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
