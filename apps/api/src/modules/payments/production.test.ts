import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { payments as paymentsTable } from '@varg/db';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useApi } from '../../../test/helper.ts';
import { type ApiConfig, SANDBOX_PAYMENT_DEFAULTS } from '../../config.ts';
import { signCallback } from '../../providers/financing/signature.ts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxWebhook } from '../../providers/payments/sandbox.ts';

// Production payments (issue 22; docs/decisions/030-payments-production.md): with `demo: false` there is no sandbox
// provider, no sandbox webhook, no sandbox card form and no dev settle route; a market without Stripe takes no
// payment; financing exists only with a configured lender (ekho) and is decided only by its signed callback.
// Stripe and ekho are stand-ins on a local port (the Stripe SDK reaches it through `stripeApiBase`).

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}
const seen: Seen[] = [];
let counter = 0;
const fake = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    seen.push({ method: req.method ?? '', path, headers: req.headers, body });
    const json = (status: number, answer: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      res.end(JSON.stringify(answer));
    };
    const n = ++counter;
    if (req.method === 'POST' && path === '/v1/customers')
      return json(200, { id: `cus_fake_${n}`, object: 'customer' });
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const form = new URLSearchParams(body);
      return json(200, {
        id: `pi_fake_${n}`,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        client_secret: `pi_fake_${n}_secret_x`,
        status: 'requires_payment_method',
        last_payment_error: null,
        next_action: null,
        metadata: {},
      });
    }
    if (req.method === 'POST' && path === '/ekho/applications')
      return json(201, { id: `ekho_app_${n}`, redirect_url: `https://apply.ekho.example/a/ekho_app_${n}` });
    return json(404, { error: { type: 'invalid_request_error', message: `no route ${req.method} ${path}` } });
  });
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

const EKHO_SECRET = 'ekho_webhook_secret_for_tests';
const stripeFor = (markets: string[]): NonNullable<ApiConfig['payments']> => ({
  provider: 'stripe',
  stripeMarkets: markets,
  stripeAccounts: {
    default: { secretKey: 'sk_test_production', publishableKey: 'pk_test_production', webhookSecret: 'whsec_prod' },
  },
  sandboxWebhookSecret: SANDBOX_PAYMENT_DEFAULTS.webhookSecret,
  sandboxSettleMs: 0,
  stripeApiBase: fakeUrl,
});

// biome-ignore lint/suspicious/noExplicitAny: API answers read as JSON (`res.json()` is untyped); the assertions check them
type Json = Record<string, any>;
type Ctx = ReturnType<typeof useApi>;
let ip = 10;
const nextIp = () => `198.51.100.${(++ip % 250) + 1}`;

function client(ctx: Ctx) {
  const call = (method: 'GET' | 'POST', url: string, token?: string | null, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: nextIp(),
      ...(payload ? { payload } : {}),
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
  const post = (url: string, payload: object, token?: string | null) => call('POST', url, token, payload);
  const get = (url: string, token?: string | null) => call('GET', url, token);
  async function ok(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<Json> {
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  }
  const ADDRESSES = {
    DE: { country: 'DE', line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' },
    US: { country: 'US', line_1: '1 Market Street', postal_code: '94103', city: 'San Francisco', state: 'CA' },
  } as const;
  /** A new buyer's vehicle order (one VARG EX) in a market, and their token. */
  async function bikeOrder(country: keyof typeof ADDRESSES) {
    const cart = await ok(
      await post(`/v1/cart/add-item?country=${country}`, { productId: 'varg-ex', componentIds: ['varg_option_80hp'] }),
    );
    const confirmed = await ok(
      await post('/v1/checkout', {
        cart_id: cart._id,
        email: `prod-buyer-${++counter}-${Date.now()}@example.com`,
        first_name: 'Jonas',
        last_name: 'Becker',
        phone: '+49 151 23456789',
        address_input: ADDRESSES[country],
        shipping_method: 'home_delivery',
        language: 'en',
      }),
    );
    const token = confirmed.token as string;
    const orderId = confirmed.order._id as string;
    const order = await ok(await get(`/v1/order/${orderId}`, token));
    return { orderId, token, total: order.total as number };
  }
  const order = async (orderId: string, token: string) => ok(await get(`/v1/order/${orderId}`, token));
  async function rows(orderId: string) {
    return ctx.database.db.select().from(paymentsTable).where(eq(paymentsTable.orderId, orderId));
  }
  return { post, get, ok, bikeOrder, order, rows };
}

const card4242 = {
  type: 'card',
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 1,
  cvc: '123',
};

describe('production with Stripe in every market', () => {
  const ctx = useApi({ config: { demo: false, payments: stripeFor([]) } });
  const api = client(ctx);

  it('a card payment goes through Stripe; test card 4242 sent to the server is refused and pays nothing', async () => {
    const { orderId, token, total } = await api.bikeOrder('DE');
    const started = await api.ok(
      await api.post('/v1/payment', { kind: 'full', method: 'card', order: orderId }, token),
    );
    expect(started).toMatchObject({ provider: 'stripe', status: 'CREATED', amount: total });
    const confirm = await api.post(
      `/v1/payment/${started._id}/confirm`,
      { details: card4242, returnUrl: '/en-US/checkout/result' },
      token,
    );
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toMatchObject({ code: 'PAYMENT_DETAILS_INVALID' });
    expect(await api.order(orderId, token)).toMatchObject({ paid: 0, toPay: total });
    // The sandbox's card form for saving a card does not exist.
    const save = await api.post(
      '/v2/stripe/setup/sandbox-confirm',
      { ...card4242, country: 'DE', client_secret: 'seti_sbx_x_secret_y' },
      token,
    );
    expect(save.statusCode).toBe(404);
  });

  it('the sandbox webhook and the dev settle route are not mounted (404), even from this machine', async () => {
    const { orderId, token } = await api.bikeOrder('DE');
    const started = await api.ok(
      await api.post('/v1/payment', { kind: 'full', method: 'card', order: orderId }, token),
    );
    // Signed with the sandbox's well-known default secret, as anybody could.
    const body = JSON.stringify({
      id: 'evt_forged_1',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_sbx_anything', status: 'succeeded' } },
    });
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/v1/payment/webhook/sandbox',
      payload: body,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(body, SANDBOX_PAYMENT_DEFAULTS.webhookSecret),
      },
    });
    expect(hook.statusCode).toBe(404);
    for (const remoteAddress of ['127.0.0.1', '203.0.113.9']) {
      const settle = await ctx.app.inject({
        method: 'POST',
        url: `/v1/dev/payments/${started._id}/settle`,
        remoteAddress,
        payload: {},
      });
      expect(settle.statusCode).toBe(404);
    }
    expect((await api.ok(await api.get(`/v1/payment/${started._id}`, token))).status).toBe('CREATED');
  });

  it('without a configured lender financing is not offered, and the demo lender does not exist', async () => {
    const { orderId, token } = await api.bikeOrder('US');
    const setup = await api.ok(await api.post(`/v1/order/complete-order/${orderId}/setup`, {}, token));
    expect(setup.allowedMethods.full.map((m: Json) => m._id)).not.toContain('financing');
    const apply = await api.post('/v1/checkout/ekho/create', { orderId, downPayment: 0 }, token);
    expect(apply.statusCode).toBe(400);
    expect(apply.json().code).toBe('FINANCING_NOT_AVAILABLE');
    expect(await api.rows(orderId)).toEqual([]);
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/v1/payment/webhook/lender/ekho_sandbox',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(hook.statusCode).toBe(404);
  });
});

describe('production with Stripe in Germany only, and ekho configured', () => {
  const ctx = useApi({
    config: {
      demo: false,
      payments: stripeFor(['DE']),
      ekho: { apiUrl: `${fakeUrl}/ekho`, apiKey: 'ekho_api_key_test', webhookSecret: EKHO_SECRET },
    },
  });
  const api = client(ctx);

  it('the browser gets the Stripe key of the market that pays through Stripe, under v2 as the spec names it', async () => {
    for (const prefix of ['/v2', '/v1']) {
      expect(await api.ok(await api.get(`${prefix}/payment/stripe/public-key?country=DE`))).toEqual({
        public_key: 'pk_test_production',
      });
      expect(await api.ok(await api.get(`${prefix}/payment/stripe/public-key?country=US`))).toEqual({
        public_key: null,
      });
    }
    expect((await api.get('/v2/payment/stripe/public-key?country=germany')).statusCode).toBe(400);
  });

  it('a market without Stripe takes no payment (503 PAYMENT_METHOD_UNAVAILABLE): no sandbox, no test card', async () => {
    const { orderId, token } = await api.bikeOrder('US');
    const setup = await api.ok(await api.post(`/v1/order/complete-order/${orderId}/setup`, {}, token));
    expect(setup.allowedMethods.full.map((m: Json) => m._id)).toEqual(['financing']);
    const card = await api.post('/v1/payment', { kind: 'full', method: 'card', order: orderId }, token);
    expect(card.statusCode).toBe(503);
    expect(card.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE', message: expect.any(String) });
    // An intent for a cart before the order, too.
    const fresh = await api.ok(
      await api.post('/v1/cart/add-item?country=US', { productId: 'varg-ex', componentIds: ['varg_option_80hp'] }),
    );
    const intent = await api.post('/v1/payment/create-intent', { shoppingCartId: fresh._id, method: 'card' });
    expect(intent.statusCode, intent.body).toBe(503);
    expect(intent.json().code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    expect(await api.rows(orderId)).toEqual([]);
    expect(await api.order(orderId, token)).toMatchObject({ paid: 0 });
  });

  it('financing goes to ekho; the buyer cannot approve it; only ekho’s signed callback pays the order', async () => {
    const { orderId, token, total } = await api.bikeOrder('US');
    const application = await api.ok(await api.post('/v1/checkout/ekho/create', { orderId, downPayment: 0 }, token));
    expect(application).toMatchObject({
      provider: 'ekho',
      method: 'financing',
      status: 'REQUIRES_ACTION',
      amount: total,
    });
    expect(application.actionUrl).toMatch(/^https:\/\/apply\.ekho\.example\/a\/ekho_app_\d+$/);
    const opened = seen.filter((r) => r.path === '/ekho/applications').at(-1);
    expect(opened?.headers.authorization).toBe('Bearer ekho_api_key_test');
    expect(JSON.parse(opened?.body ?? '{}')).toMatchObject({
      reference: application._id,
      amount: total,
      currency: 'USD',
    });
    const reference = application.actionUrl.split('/').at(-1) as string;

    const byBuyer = await api.post(`/v1/payment/${application._id}/action`, { approved: true }, token);
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().code).toBe('FINANCING_DECIDED_BY_LENDER');
    expect(
      (await api.post(`/v1/payment/${application._id}/sandbox-lender`, { approved: true }, token)).statusCode,
    ).toBe(404);

    const callback = (body: object, secret = EKHO_SECRET) => {
      const raw = JSON.stringify(body);
      return ctx.app.inject({
        method: 'POST',
        url: '/v1/payment/webhook/lender/ekho',
        payload: raw,
        headers: { 'content-type': 'application/json', 'ekho-signature': signCallback(raw, secret) },
      });
    };
    const approval = {
      id: 'evt_ekho_1',
      type: 'application.approved',
      data: { application: reference, amount: total, currency: 'USD' },
    };
    const forged = await callback(approval, 'not_the_ekho_secret_at_all');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(await api.order(orderId, token)).toMatchObject({ paid: 0 });

    expect(await api.ok(await callback(approval))).toEqual({ received: true, applied: true });
    expect(await api.order(orderId, token)).toMatchObject({ status: 'paid', paid: total, toPay: 0 });
    expect(await api.ok(await callback(approval))).toEqual({ received: true, applied: false });
  });
});
