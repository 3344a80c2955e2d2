// One call of the REST API: who makes it (our server's secret key, or Stripe.js's publishable key) and what it may do.
import { type Params, str } from './forms.ts';
import { invalid, type StripeError } from './state.ts';

export interface Call {
  method: string;
  path: string[];
  query: Params;
  body: Params;
  /** sk_… (our server) or pk_… (Stripe.js in the browser), null without a key. */
  key: string | null;
}

function publicKey(call: Call): boolean {
  return call.key?.startsWith('pk_') ?? false;
}

/** Stripe.js may only read and confirm an intent whose client secret it has. */
export function checkSecret(call: Call, intent: { client_secret: string }, params: Params): void {
  if (!publicKey(call)) return;
  const given = str(params, 'client_secret');
  if (!given)
    throw invalid('Missing required param: client_secret.', { code: 'parameter_missing', param: 'client_secret' });
  if (given !== intent.client_secret)
    throw invalid('The client_secret provided does not match the client_secret associated with the PaymentIntent.', {
      param: 'client_secret',
    });
}

export function requireSecretKey(call: Call): void {
  if (!call.key?.startsWith('sk_') && !call.key?.startsWith('rk_'))
    throw invalid(
      call.key
        ? 'This API call cannot be made with a publishable API key. Please use a secret API key.'
        : 'You did not provide an API key.',
      {},
      401,
    );
}

export function unrecognized({ method, path }: Call): StripeError {
  return invalid(`Unrecognized request URL (${method}: /v1/${path.join('/')}).`, {}, 404);
}
