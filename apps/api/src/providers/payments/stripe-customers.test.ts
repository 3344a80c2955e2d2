import { describe, expect, it } from 'vitest';
import { adapter } from '../../../test/stripe-fixture.ts';

// The Stripe adapter: customers and saved cards. The shared fake is apps/api/test/stripe-fixture.ts.

describe('Stripe payments: customers and saved cards', () => {
  it('keeps an existing customer and makes a new one once per user and market', async () => {
    const { provider, requests } = adapter(() => ({ body: { id: 'cus_new', object: 'customer', email: 'a@b.de' } }));
    expect(
      await provider.ensureCustomer({ userId: 'u1', email: 'a@b.de', name: 'A B', country: 'DE', existing: 'cus_old' }),
    ).toBe('cus_old');
    expect(requests).toHaveLength(0);
    expect(
      await provider.ensureCustomer({ userId: 'u1', email: 'a@b.de', name: 'A B', country: 'DE', existing: null }),
    ).toBe('cus_new');
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      idempotencyKey: 'customer:u1:DE',
      body: { email: 'a@b.de', name: 'A B', 'metadata[userId]': 'u1' },
    });
  });

  it('creates an off-session card SetupIntent for saving a card', async () => {
    const { provider, requests } = adapter(() => ({
      body: {
        id: 'seti_1',
        object: 'setup_intent',
        client_secret: 'seti_1_secret_x',
        status: 'requires_payment_method',
      },
    }));
    expect(await provider.createSetupIntent({ customerRef: 'cus_1', country: 'DE', method: 'card' })).toEqual({
      clientSecret: 'seti_1_secret_x',
    });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/setup_intents',
      body: { customer: 'cus_1', 'allowed_payment_method_types[0]': 'card', usage: 'off_session' },
    });
  });

  it('lists the customer’s cards', async () => {
    const { provider, requests } = adapter(() => ({
      body: {
        object: 'list',
        url: '/v1/customers/cus_1/payment_methods',
        has_more: false,
        data: [
          {
            id: 'pm_1',
            object: 'payment_method',
            type: 'card',
            customer: 'cus_1',
            card: {
              brand: 'visa',
              display_brand: 'visa',
              exp_month: 12,
              exp_year: 2031,
              last4: '4242',
              funding: 'credit',
            },
          },
        ],
      },
    }));
    expect(await provider.listCards('cus_1', 'DE')).toEqual([
      { id: 'pm_1', brand: 'visa', exp_month: 12, exp_year: 2031, last4: '4242' },
    ]);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/customers/cus_1/payment_methods',
      query: { type: 'card', limit: '100' },
    });
  });

  it('detaches only a card of the customer, never another customer’s', async () => {
    const owner: Record<string, string | null> = { pm_mine: 'cus_1', pm_theirs: 'cus_2', pm_loose: null };
    const { provider, requests } = adapter((req) => {
      const id = req.path.split('/')[3] ?? '';
      if (!(id in owner))
        return {
          status: 404,
          body: {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' },
          },
        };
      return {
        body: { id, object: 'payment_method', type: 'card', customer: req.path.endsWith('/detach') ? null : owner[id] },
      };
    });
    expect(await provider.detachCard('cus_1', 'DE', 'pm_theirs')).toBe(false);
    expect(await provider.detachCard('cus_1', 'DE', 'pm_loose')).toBe(false);
    expect(await provider.detachCard('cus_1', 'DE', 'pm_gone')).toBe(false);
    expect(requests.some((r) => r.path.endsWith('/detach'))).toBe(false);
    expect(await provider.detachCard('cus_1', 'DE', 'pm_mine')).toBe(true);
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/payment_methods/pm_mine/detach' });
  });
});
