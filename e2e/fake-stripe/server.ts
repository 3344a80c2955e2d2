import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { api } from './api.ts';
import type { Call } from './call.ts';
import { PORT, WEBHOOK_URL } from './config.ts';
import { control } from './control.ts';
import { type Params, parseForm, str } from './forms.ts';
import { StripeError, state } from './state.ts';
import { STRIPE_JS } from './stripe-js.ts';

// The fake Stripe's HTTP server: Stripe.js, the REST API (with Stripe's idempotency keys), the test controls.

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-max-age': '600',
};

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...CORS, 'content-type': 'application/json', ...headers });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function keyOf(req: IncomingMessage, body: Params, query: Params): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice('Bearer '.length);
  if (auth?.startsWith('Basic ')) return Buffer.from(auth.slice(6), 'base64').toString('utf8').replace(/:$/, '');
  return str(body, 'key') ?? str(query, 'key') ?? null;
}

let requests = 0;

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fake-stripe');
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    res.writeHead(204, CORS);
    res.end();
    return;
  }
  if (url.pathname === '/ready') return send(res, 200, JSON.stringify({ ready: true }));
  if (method === 'GET' && (/stripe\.js$/.test(url.pathname) || /\/v3\/?$/.test(url.pathname))) {
    res.writeHead(200, {
      ...CORS,
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(STRIPE_JS);
    return;
  }
  const requestId = `req_fake_${++requests}`;
  const text = await readBody(req);
  const type = req.headers['content-type'] ?? '';
  let body: Params = {};
  try {
    body = type.includes('application/json') && text ? (JSON.parse(text) as Params) : parseForm(text);
  } catch {
    return send(
      res,
      400,
      JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid request body.' } }),
    );
  }
  const query = parseForm(url.search.slice(1));
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);

  if (segments[0] === '_fake') {
    try {
      return send(res, 200, JSON.stringify(control(method, segments.slice(1)), null, 2));
    } catch (error) {
      if (error instanceof StripeError) return send(res, error.status, JSON.stringify({ error: error.body }, null, 2));
      throw error;
    }
  }
  if (segments[0] !== 'v1')
    return send(
      res,
      404,
      JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } }),
    );

  const call: Call = { method, path: segments.slice(1), query, body, key: keyOf(req, body, query) };
  // Stripe replays the first answer to a key, and refuses the key on another request.
  const idempotencyHeader = req.headers['idempotency-key'];
  const idempotencyKey = Array.isArray(idempotencyHeader) ? idempotencyHeader[0] : idempotencyHeader;
  const storeKey = method === 'POST' && idempotencyKey ? `${call.key ?? ''}:${idempotencyKey}` : null;
  const headers = {
    'request-id': requestId,
    'stripe-version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION),
  };
  if (storeKey) {
    const seen = state.idempotent.get(storeKey);
    if (seen) {
      if (seen.path !== url.pathname || seen.method !== method)
        return send(
          res,
          400,
          JSON.stringify({
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${seen.method} ${seen.path}' vs '${method} ${url.pathname}').`,
            },
          }),
          headers,
        );
      return send(res, seen.status, seen.body, { ...headers, 'idempotent-replayed': 'true' });
    }
  }
  let status = 200;
  let answer: string;
  try {
    answer = JSON.stringify(api(call), null, 2);
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    status = error.status;
    answer = JSON.stringify({ error: { ...error.body, request_log_url: null } }, null, 2);
  }
  if (storeKey && status < 500) state.idempotent.set(storeKey, { method, path: url.pathname, status, body: answer });
  send(res, status, answer, headers);
}

export function startFakeStripe(): Server {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('fake-stripe:', error);
      if (!res.headersSent)
        send(res, 500, JSON.stringify({ error: { type: 'api_error', message: String((error as Error).message) } }));
      else res.end();
    });
  });

  server.listen(PORT, '127.0.0.1', () => {
    console.log(`fake-stripe: listening on http://127.0.0.1:${PORT}, webhooks to ${WEBHOOK_URL}`);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      for (const timer of state.timers) clearTimeout(timer);
      server.close();
      server.closeAllConnections();
      process.exit(0);
    });
  return server;
}
