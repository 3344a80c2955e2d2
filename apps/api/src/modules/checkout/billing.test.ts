import { describe, expect, it } from 'vitest';
import { apiCalls, type Json, newCustomer, useApi } from '../../../test/helper.ts';
import { pdfText } from '../../../test/pdf-text.ts';

// Billing at checkout (spec section 3 "billing info", decision 048): another name and address, a saved address of the
// buyer (theirs only), a company with its VAT id and billing address; on the order, its page and its invoice.

const ctx = useApi();
const { call, ok, refused } = apiCalls(ctx, 120);

/** A fresh anonymous cart with one VARG EX in a market. */
async function bikeCart(country: string) {
  const cart = await ok(
    await call('POST', `/v1/cart/add-item?country=${country}`, null, {
      productId: 'varg-ex',
      componentIds: ['varg_option_80hp'],
    }),
  );
  return cart._id as string;
}

const french = (cartId: string, email: string) => ({
  cart_id: cartId,
  email,
  first_name: 'Camille',
  last_name: 'Martin',
  phone: '+33 6 12 34 56 78',
  address_input: { country: 'FR', line_1: '5 rue Oberkampf', postal_code: '75011', city: 'Paris' },
  shipping_method: 'home_delivery',
  language: 'fr',
});

const lyon = { country: 'FR', line_1: '  12 rue de la République ', postal_code: '69002', city: ' Lyon ' };

async function buyer(name: string) {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { token } = await newCustomer(ctx.app, email);
  return { email, token };
}

async function cartIsOpen(cartId: string) {
  expect((await ok(await call('GET', `/v1/cart?cartId=${cartId}`))).status).toBe('open');
}

describe('billing at checkout (POST /v1/checkout)', () => {
  it('a company bills to its own address: name, VAT id and address on the order and its invoice', async () => {
    const { email, token } = await buyer('moto-lyon');
    const cartId = await bikeCart('FR');
    const confirmed = await ok(
      await call('POST', '/v1/checkout', token, {
        ...french(cartId, email),
        company_info: { name: ' Moto Lyon SARL ', billing_id: 'FR40303265045', address: lyon },
      }),
    );
    const orderId = confirmed.order._id as string;
    const order = await ok(await call('GET', `/v1/order/${orderId}`, token));
    expect(order.billing).toEqual({
      firstName: 'Camille',
      lastName: 'Martin',
      companyName: 'Moto Lyon SARL',
      companyId: 'FR40303265045',
      taxId: null,
      address: {
        line1: '12 rue de la République',
        line2: '',
        postalCode: '69002',
        city: 'Lyon',
        state: '',
        country: 'FR',
      },
      reverseCharge: true,
    });
    // The goods still go to Paris.
    expect(order.shippingAddress).toMatchObject({ line1: '5 rue Oberkampf', city: 'Paris' });

    const pdf = await call('GET', `/v1/order/invoice?orderId=${orderId}`, token);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload)
      .replace(/[\u00a0\u202f]/g, ' ')
      .replace(/\s+/g, ' ');
    for (const expected of ['Moto Lyon SARL', 'N° TVA : FR40303265045', '12 rue de la République', '69002 Lyon']) {
      expect(text, expected).toContain(expected);
    }
  });

  it('a private buyer bills to another name at one of their saved addresses', async () => {
    const { email, token } = await buyer('gift');
    const saved = await ok(await call('POST', '/v2/address', token, lyon), 201);
    const cartId = await bikeCart('FR');
    const confirmed = await ok(
      await call('POST', '/v1/checkout', token, {
        ...french(cartId, email),
        billing_info: { use_contact_info: false, first_name: ' Léa ', last_name: 'Durand', address_id: saved._id },
      }),
    );
    const order = await ok(await call('GET', `/v1/order/${confirmed.order._id}`, token));
    expect(order.billing).toMatchObject({
      firstName: 'Léa',
      lastName: 'Durand',
      companyName: null,
      companyId: null,
      address: { line1: '12 rue de la République', city: 'Lyon', country: 'FR' },
    });
    const text = pdfText((await call('GET', `/v1/order/invoice?orderId=${confirmed.order._id}`, token)).rawPayload);
    expect(text.replace(/\s+/g, ' ')).toContain('Léa Durand');
  });

  it('without a billing choice the contact and the shipping address are billed', async () => {
    const { email, token } = await buyer('plain');
    const cartId = await bikeCart('FR');
    const confirmed = await ok(
      await call('POST', '/v1/checkout', token, { ...french(cartId, email), billing_info: { use_contact_info: true } }),
    );
    const order = await ok(await call('GET', `/v1/order/${confirmed.order._id}`, token));
    expect(order.billing).toMatchObject({
      firstName: 'Camille',
      lastName: 'Martin',
      companyName: null,
      address: { line1: '5 rue Oberkampf', city: 'Paris' },
    });
  });

  it("refuses another buyer's saved address (404) and a saved address without an account (401); nothing is ordered", async () => {
    const owner = await buyer('owner');
    const other = await buyer('other');
    const saved = await ok(await call('POST', '/v2/address', owner.token, lyon), 201);
    const cartId = await bikeCart('FR');
    const theirs = (body: Json) => ({ ...french(cartId, other.email), ...body });
    const guest = `guest-${Date.now()}@example.com`;
    for (const [token, body, status, code] of [
      [other.token, { billing_info: { use_contact_info: true, address_id: saved._id } }, 404, 'ADDRESS_NOT_FOUND'],
      [
        other.token,
        { company_info: { name: 'Moto Lyon SARL', billing_id: 'FR40303265045', address_id: saved._id } },
        404,
        'ADDRESS_NOT_FOUND',
      ],
      [null, { email: guest, billing_info: { use_contact_info: true, address_id: saved._id } }, 401, 'UNAUTHORIZED'],
    ] as Array<[string | null, Json, number, string]>) {
      await refused(await call('POST', '/v1/checkout', token, theirs(body)), status, code);
    }
    await cartIsOpen(cartId);
    expect((await ok(await call('GET', '/v1/order', other.token))).totalDocs).toBe(0);
  });

  it('refuses bad billing input with a code and changes nothing', async () => {
    const { email, token } = await buyer('bad');
    const saved = await ok(await call('POST', '/v2/address', token, lyon), 201);
    const cartId = await bikeCart('FR');
    const body = (billing: Json) => ({ ...french(cartId, email), ...billing });
    for (const [billing, code] of [
      [{ billing_info: { use_contact_info: false, first_name: 'Léa' } }, 'VALIDATION_ERROR'],
      [{ billing_info: { use_contact_info: false, first_name: ' ', last_name: 'Durand' } }, 'VALIDATION_ERROR'],
      [{ billing_info: { use_contact_info: true, address_id: saved._id, address_input: lyon } }, 'VALIDATION_ERROR'],
      [{ billing_info: { use_contact_info: true, address_input: { ...lyon, line_1: '' } } }, 'VALIDATION_ERROR'],
      [{ billing_info: { use_contact_info: true, address_id: 'not-a-uuid' } }, 'VALIDATION_ERROR'],
      [{ company_info: { name: '', billing_id: 'FR40303265045', address: lyon } }, 'VALIDATION_ERROR'],
    ] as Array<[Json, string]>) {
      const res = await call('POST', '/v1/checkout', token, body(billing));
      expect(res.statusCode, JSON.stringify(billing)).toBe(400);
      expect(res.json().code, JSON.stringify(billing)).toBe(code);
    }
    // A billing address in a country the store does not know.
    await refused(
      await call(
        'POST',
        '/v1/checkout',
        token,
        body({ company_info: { name: 'X', billing_id: 'FR40303265045', address: { ...lyon, country: 'XX' } } }),
      ),
      404,
      'COUNTRY_NOT_FOUND',
    );
    await cartIsOpen(cartId);
  });
});
