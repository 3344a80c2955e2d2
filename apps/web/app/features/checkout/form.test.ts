// The checkout form read through its zod schema and mapped to the setup and confirm bodies (no casts).
import { describe, expect, it } from 'vitest';
import { confirmBody, readConfirm, readSetup, setupBody } from './form.server.ts';

const CART = '0b7c4c8e-2f7a-4d8e-9a51-1c2d3e4f5a6b';
const ADDRESS = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('checkout form', () => {
  it('maps a new address in the page’s country, a company and its VAT id to the setup body', () => {
    const read = readSetup(
      form({
        cart_id: CART,
        address_id: 'new',
        line_1: ' Torstraße 1 ',
        line_2: '   ',
        postal_code: '10119',
        city: 'Berlin',
        shipping_method: 'home_delivery',
        company: 'on',
        company_name: 'Becker GmbH',
        vat_id: 'de 123 456 789',
        use_wallet: 'on',
      }),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(setupBody(read.data, 'DE')).toEqual({
      shippingAddress: {
        country: 'DE',
        line_1: 'Torstraße 1',
        line_2: undefined,
        postal_code: '10119',
        city: 'Berlin',
        state: undefined,
      },
      shippingMethod: 'home_delivery',
      useWallet: true,
      billing: { buyingForACompany: true, companyName: 'Becker GmbH', companyId: 'DE123456789' },
    });
  });

  it('confirms with a saved address, contact details as typed and the captcha token of a guest', () => {
    const read = readConfirm(
      form({
        cart_id: CART,
        address_id: ADDRESS,
        first_name: 'Jonas',
        last_name: 'Becker',
        email: 'jonas@example.com',
        phone: '0151 23456789',
        shipping_method: 'home_delivery',
      }),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(confirmBody(read.data, { country: 'DE', lang: 'de' }, { captcha: 'token' })).toEqual({
      cart_id: CART,
      first_name: 'Jonas',
      last_name: 'Becker',
      email: 'jonas@example.com',
      phone: '0151 23456789',
      address_id: ADDRESS,
      shipping_method: 'home_delivery',
      language: 'de',
      billing_info: { use_contact_info: true },
      customer_order_reference: '',
      captcha: 'token',
    });
  });

  it('bills a company at a new address of another country, or another person at a saved address', () => {
    const base = {
      cart_id: CART,
      address_id: ADDRESS,
      first_name: 'Jonas',
      last_name: 'Becker',
      email: 'jonas@example.com',
      phone: '0151 23456789',
      shipping_method: 'home_delivery',
    };
    const company = readConfirm(
      form({
        ...base,
        company: 'on',
        company_name: ' Becker GmbH ',
        vat_id: 'de 123 456 789',
        billing_other: 'on',
        billing_first_name: 'ignored for a company',
        billing_address: 'new',
        billing_country: 'at',
        billing_line_1: ' Ringstraße 1 ',
        billing_line_2: ' ',
        billing_postal_code: '1010',
        billing_city: 'Wien',
      }),
    );
    expect(company.ok).toBe(true);
    if (!company.ok) return;
    const companyBody = confirmBody(company.data, { country: 'DE', lang: 'de' }, {});
    expect(companyBody.company_info).toEqual({
      name: 'Becker GmbH',
      billing_id: 'DE123456789',
      address: { country: 'AT', line_1: 'Ringstraße 1', postal_code: '1010', city: 'Wien' },
    });
    expect(companyBody.billing_info).toBeUndefined();

    const person = readConfirm(
      form({
        ...base,
        billing_other: 'on',
        billing_first_name: 'Lena',
        billing_last_name: 'Becker',
        billing_address: ADDRESS,
      }),
    );
    expect(person.ok).toBe(true);
    if (!person.ok) return;
    expect(confirmBody(person.data, { country: 'DE', lang: 'de' }, {}).billing_info).toEqual({
      use_contact_info: false,
      first_name: 'Lena',
      last_name: 'Becker',
      address_id: ADDRESS,
    });
    // The shipping address billed: nothing more is sent.
    const shipping = readConfirm(form({ ...base, billing_other: 'on', billing_address: 'shipping' }));
    expect(shipping.ok && confirmBody(shipping.data, { country: 'DE', lang: 'de' }, {}).billing_info).toEqual({
      use_contact_info: false,
      first_name: '',
      last_name: '',
    });
    expect(readConfirm(form({ ...base, billing_address: '../1' })).ok).toBe(false);
  });

  it('refuses what cannot be a value of the form: a cart or address that is no id, a value too long', () => {
    const bad = readConfirm(form({ cart_id: 'x', address_id: '../1', first_name: 'J'.repeat(101) }));
    expect(bad).toEqual({
      ok: false,
      errors: {
        cart_id: 'form_invalid',
        address_id: 'form_invalid',
        first_name: { key: 'validation_max_length', count: 100 },
      },
    });
    expect(readSetup(form({ cart_id: CART, use_wallet: 'yes' })).ok).toBe(false);
  });
});
