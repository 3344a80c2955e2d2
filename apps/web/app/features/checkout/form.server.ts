// The checkout form ↔ the API's bodies: the posted fields read through a zod schema (no casts), then mapped to the
// setup body (re-pricing while the buyer types) and the confirm body (placing the order). The API checks every rule
// again; this schema only refuses what cannot be a value of the form (a 400 with the field's translated error).
import { z } from 'zod';
import type { CallArgs } from '../../lib/api-call.ts';
import { type FieldErrors, readForm } from '../../lib/forms.server.ts';

const text = (max: number) => z.string().trim().max(max);
/** An optional text: left out when empty once trimmed. */
const opt = (max: number) =>
  text(max)
    .transform((value) => value || undefined)
    .optional();

const SetupFields = z.object({
  cart_id: z.uuid(),
  address_id: z.union([z.literal('new'), z.uuid()]).default('new'),
  line_1: opt(200),
  line_2: opt(200),
  postal_code: opt(16),
  city: opt(100),
  state: opt(100),
  shipping_method: opt(64),
  payment_kind: opt(16),
  use_wallet: z.literal('on').optional(),
  company: z.literal('on').optional(),
  company_name: opt(200),
  vat_id: opt(40),
  customer_tax_id: opt(20),
});

const ConfirmFields = SetupFields.extend({
  first_name: opt(100),
  last_name: opt(100),
  email: opt(254),
  phone: opt(40),
  customer_order_reference: opt(100),
  // Billing (decision 048): another name, and the shipping address, a saved one or a new one in any country.
  billing_other: z.literal('on').optional(),
  billing_first_name: opt(100),
  billing_last_name: opt(100),
  billing_address: z.union([z.literal('shipping'), z.literal('new'), z.uuid()]).default('shipping'),
  billing_country: opt(2),
  billing_line_1: opt(200),
  billing_line_2: opt(200),
  billing_postal_code: opt(16),
  billing_city: opt(100),
  billing_state: opt(100),
});

type SetupValues = z.infer<typeof SetupFields>;
type ConfirmValues = z.infer<typeof ConfirmFields>;
export type SetupBody = NonNullable<CallArgs<'postCheckoutSetupByCartId'>['body']>;
export type ConfirmBody = CallArgs<'postCheckout'>['body'];

type Read<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** The setup fields of a posted checkout form. */
export function readSetup(form: FormData): Read<SetupValues> {
  return readForm(form, SetupFields, Object.keys(SetupFields.shape));
}

/** The confirm fields of a posted checkout form. */
export function readConfirm(form: FormData): Read<ConfirmValues> {
  return readForm(form, ConfirmFields, Object.keys(ConfirmFields.shape));
}

/** The VAT id as the API reads it: no spaces, upper case. */
const vatId = (value: string | undefined) => (value ?? '').replace(/\s+/g, '').toUpperCase();

/** Setup input from the form as it is now: a saved address or the new one in the page's country. */
export function setupBody(values: SetupValues, country: string): SetupBody {
  const company = values.company === 'on';
  return {
    ...(values.address_id !== 'new'
      ? { addressId: values.address_id }
      : {
          shippingAddress: {
            country,
            line_1: values.line_1,
            line_2: values.line_2,
            postal_code: values.postal_code,
            city: values.city,
            state: values.state,
          },
        }),
    ...(values.shipping_method ? { shippingMethod: values.shipping_method } : {}),
    ...(values.payment_kind ? { paymentKind: values.payment_kind } : {}),
    useWallet: values.use_wallet === 'on',
    billing: {
      buyingForACompany: company,
      ...(company ? { companyName: values.company_name ?? '', companyId: vatId(values.vat_id) } : {}),
      ...(values.customer_tax_id ? { customerTaxId: values.customer_tax_id } : {}),
    },
  };
}

/**
 * The confirm body: contact, address (saved or new, in the page's country), shipping, billing and the captcha's token
 * of a buyer without an account (decision 027). A field left empty goes as empty: the API answers it with its 400.
 */
export function confirmBody(
  values: ConfirmValues,
  page: { country: string; lang: string },
  captcha: { captcha?: string },
): ConfirmBody {
  return {
    cart_id: values.cart_id,
    first_name: values.first_name ?? '',
    last_name: values.last_name ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    ...(values.address_id !== 'new'
      ? { address_id: values.address_id }
      : {
          address_input: {
            country: page.country,
            line_1: values.line_1 ?? '',
            city: values.city ?? '',
            ...(values.line_2 ? { line_2: values.line_2 } : {}),
            ...(values.postal_code ? { postal_code: values.postal_code } : {}),
            ...(values.state ? { state: values.state } : {}),
          },
        }),
    shipping_method: values.shipping_method ?? '',
    language: page.lang,
    ...billingOf(values, page.country),
    ...(values.customer_tax_id ? { customer_tax_id: values.customer_tax_id } : {}),
    customer_order_reference: values.customer_order_reference ?? '',
    ...captcha,
  };
}

/**
 * The confirm's billing: a company (`company_info`) or a private buyer (`billing_info`), each with the billing address
 * chosen: the shipping one (nothing sent), a saved one (`address_id`) or a new one.
 */
function billingOf(values: ConfirmValues, country: string): Pick<ConfirmBody, 'billing_info' | 'company_info'> {
  const where = values.billing_address;
  const typed =
    where === 'new'
      ? {
          country: (values.billing_country ?? country).toUpperCase(),
          line_1: values.billing_line_1 ?? '',
          city: values.billing_city ?? '',
          ...(values.billing_line_2 ? { line_2: values.billing_line_2 } : {}),
          ...(values.billing_postal_code ? { postal_code: values.billing_postal_code } : {}),
          ...(values.billing_state ? { state: values.billing_state } : {}),
        }
      : null;
  const saved = where !== 'new' && where !== 'shipping' ? where : null;
  if (values.company === 'on') {
    return {
      company_info: {
        name: values.company_name ?? '',
        billing_id: vatId(values.vat_id),
        ...(typed ? { address: typed } : {}),
        ...(saved ? { address_id: saved } : {}),
      },
    };
  }
  if (values.billing_other !== 'on') return { billing_info: { use_contact_info: true } };
  return {
    billing_info: {
      use_contact_info: false,
      first_name: values.billing_first_name ?? '',
      last_name: values.billing_last_name ?? '',
      ...(typed ? { address_input: typed } : {}),
      ...(saved ? { address_id: saved } : {}),
    },
  };
}
