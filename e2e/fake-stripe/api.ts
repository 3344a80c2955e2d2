// The REST API the API server reaches through the `stripe` SDK (STRIPE_API_BASE), and Stripe.js in the browser.
import { type Call, requireSecretKey, unrecognized } from './call.ts';
import { paymentIntentsApi, refundsApi } from './payment-intents.ts';
import { customersApi, paymentMethodsApi } from './payment-methods.ts';
import { setupIntentsApi } from './setup-intents.ts';
import { invalid } from './state.ts';

export function api(call: Call): unknown {
  const { method, path } = call;
  const [resource, id, action] = path;
  // Stripe.js (publishable key) may only reach these.
  const browserAllowed =
    (resource === 'payment_intents' || resource === 'setup_intents') &&
    id !== undefined &&
    (action === undefined ? method === 'GET' : action === 'confirm' || action === 'fake_authenticate');
  if (!browserAllowed) requireSecretKey(call);
  else if (!call.key) throw invalid('You did not provide an API key.', {}, 401);

  if (resource === 'customers') return customersApi(call);
  if (resource === 'payment_intents') return paymentIntentsApi(call);
  if (resource === 'refunds') return refundsApi(call);
  if (resource === 'setup_intents') return setupIntentsApi(call);
  if (resource === 'payment_methods') return paymentMethodsApi(call);
  throw unrecognized(call);
}
