// Test controls (no key needed): POST /_fake/reset, GET /_fake/events, GET /_fake/payment_intents[/:id],
// POST /_fake/payment_intents/:id/succeed and /fail.
import { failIntent, intentOf, succeedIntent } from './payment-intents.ts';
import { invalid, state } from './state.ts';

export function control(method: string, path: string[]): unknown {
  const [resource, id, action] = path;
  if (method === 'POST' && resource === 'reset') {
    for (const timer of state.timers) clearTimeout(timer);
    state.timers.clear();
    for (const map of [state.customers, state.intents, state.setups, state.methods, state.refunds, state.idempotent])
      map.clear();
    state.deliveries.length = 0;
    return { reset: true };
  }
  if (method === 'GET' && resource === 'events') return state.deliveries;
  if (resource === 'payment_intents') {
    if (method === 'GET' && !id) return [...state.intents.values()];
    if (!id) throw invalid('Unrecognized request URL.', {}, 404);
    const pi = intentOf(id);
    if (method === 'GET' && !action) return pi;
    if (method === 'POST' && action === 'succeed') {
      if (pi.status === 'succeeded' || pi.status === 'canceled')
        throw invalid(`The PaymentIntent has a status of ${pi.status}.`, { code: 'payment_intent_unexpected_state' });
      succeedIntent(pi);
      return pi;
    }
    if (method === 'POST' && action === 'fail') {
      if (pi.status === 'succeeded' || pi.status === 'canceled')
        throw invalid(`The PaymentIntent has a status of ${pi.status}.`, { code: 'payment_intent_unexpected_state' });
      failIntent(pi, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
      return pi;
    }
  }
  throw invalid('Unrecognized request URL.', {}, 404);
}
