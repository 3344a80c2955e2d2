// The callback signature of lenders: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (Stripe's scheme,
// which the sandbox payment provider uses too), valid for 5 minutes.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { WebhookSignatureError } from '../payments/interface.ts';
import type { LenderDecision } from './interface.ts';

const TOLERANCE_S = 300;

export function signCallback(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Throws WebhookSignatureError unless `signature` signs `body` with `secret` within the tolerance. */
export function verifyCallbackSignature(body: string, signature: string | undefined, secret: string, now = new Date()) {
  const parts = new Map(
    (signature ?? '').split(',').map((kv) => {
      const at = kv.indexOf('=');
      return [kv.slice(0, at).trim(), kv.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!v1 || !Number.isInteger(t)) throw new WebhookSignatureError('missing signature');
  if (Math.abs(now.getTime() / 1000 - t) > TOLERANCE_S) throw new WebhookSignatureError('stale signature');
  const expected = Buffer.from(signCallback(body, secret, t).split('v1=')[1] ?? '');
  const given = Buffer.from(v1);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new WebhookSignatureError('bad signature');
}

const Callback = z.object({
  id: z.string().min(1).max(128),
  type: z.enum(['application.approved', 'application.declined']),
  data: z.object({
    application: z.string().min(1).max(128),
    amount: z.number().int().min(0),
    currency: z.string().regex(/^[A-Za-z]{3}$/),
  }),
});

/**
 * Reads a verified callback body: `{ id, type: application.approved | application.declined, data: { application,
 * amount, currency } }`. Anything else is refused like a bad signature (nothing is applied).
 */
export function readDecision(rawBody: string): LenderDecision {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new WebhookSignatureError('not JSON');
  }
  const parsed = Callback.safeParse(json);
  if (!parsed.success) throw new WebhookSignatureError('not a lender decision');
  const { id, type, data } = parsed.data;
  return {
    id,
    type,
    reference: data.application,
    decision: type === 'application.approved' ? 'approved' : 'declined',
    amount: data.amount,
    currency: data.currency.toUpperCase(),
  };
}
