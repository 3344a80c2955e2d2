// Webhooks: queued, sent one after another (retried like Stripe on a non-2xx), signed with the endpoint's secret.
import Stripe from 'stripe';
import { WEBHOOK_SECRET, WEBHOOK_URL } from './config.ts';
import { type Delivery, nextId, now, type PaymentIntent, type SetupIntent, state } from './state.ts';

let webhookQueue: Promise<void> = Promise.resolve();

export function emit(type: string, object: PaymentIntent | SetupIntent): void {
  const event = {
    id: nextId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  const delivery: Delivery = { id: event.id, type, object: object.id, status: 'pending', attempts: 0 };
  state.deliveries.push(delivery);
  const payload = JSON.stringify(event, null, 2);
  webhookQueue = webhookQueue.then(() => deliver(payload, delivery));
}

async function deliver(payload: string, delivery: Delivery): Promise<void> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    delivery.attempts = attempt;
    try {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const res = await fetch(WEBHOOK_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      delivery.status = res.status;
      if (res.ok) return;
      console.error(`fake-stripe: webhook ${delivery.type} ${delivery.id} answered ${res.status}`);
    } catch (error) {
      delivery.status = String((error as Error).message);
      console.error(`fake-stripe: webhook ${delivery.type} ${delivery.id} failed: ${delivery.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
  }
}

export function later(ms: number, fn: () => void): void {
  const timer = setTimeout(() => {
    state.timers.delete(timer);
    fn();
  }, ms);
  state.timers.add(timer);
}
