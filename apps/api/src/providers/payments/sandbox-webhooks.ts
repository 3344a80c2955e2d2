// The sandbox's webhooks: signed as Stripe signs them (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`),
// and verified and read back into a payment event by the webhook route (through the provider's parseWebhook).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentStatus } from '@varg/domain';
import { type PaymentEvent, WebhookSignatureError } from './interface.ts';

/** The header the sandbox signs its webhooks with (Stripe's format: `t=<unix seconds>,v1=<hex hmac>`). */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
const TOLERANCE_S = 300;

/** Signs a webhook body as the sandbox does (also used by tests to forge a wrong one). */
export function signSandboxWebhook(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Verifies a sandbox webhook (signature, 5-minute tolerance) and reads the payment event out of it. */
export function parseSandboxWebhook(
  rawBody: string,
  signature: string | undefined,
  secret: string,
  now: Date,
): PaymentEvent {
  const parts = Object.fromEntries((signature ?? '').split(',').map((kv) => kv.split('=', 2) as [string, string])) as {
    t?: string;
    v1?: string;
  };
  const t = Number(parts.t);
  if (!parts.v1 || !Number.isInteger(t)) throw new WebhookSignatureError('missing signature');
  if (Math.abs(now.getTime() / 1000 - t) > TOLERANCE_S) throw new WebhookSignatureError('stale signature');
  const expected = Buffer.from(signSandboxWebhook(rawBody, secret, t).split('v1=')[1] ?? '');
  const given = Buffer.from(parts.v1);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new WebhookSignatureError('bad signature');
  const event = JSON.parse(rawBody) as {
    id: string;
    type: string;
    data: { object: { id: string; last_payment_error?: { code?: string } | null } };
  };
  const status: Record<string, PaymentStatus> = {
    'payment_intent.succeeded': 'SUCCEEDED',
    'payment_intent.payment_failed': 'FAILED',
    'payment_intent.processing': 'PROCESSING',
    'payment_intent.requires_action': 'REQUIRES_ACTION',
  };
  const s = status[event.type] ?? null;
  return {
    id: event.id,
    type: event.type,
    reference: s ? event.data.object.id : null,
    status: s,
    failureCode: event.data.object.last_payment_error?.code ?? null,
  };
}
