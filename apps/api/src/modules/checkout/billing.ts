// Who the invoice is made out to (spec section 3, checkout form data `billing info` and the order payload's
// `billing_info` / `company_info`; decision 048): the contact, another name and address, a saved address of the buyer
// (`address_id`, theirs only), or a company with its VAT id and billing address. Stored in the order's `billing`.
import { ApiError } from '../../lib/api-error.ts';
import type { AddressInput } from '../addresses/service.ts';
import type { PricedCheckout } from './pricing.ts';
import { trim } from './pricing.ts';
import type { Auth, ConfirmBody, PartialAddress, SetupInput } from './types.ts';

interface Lookups {
  addressFor(auth: Auth | null, input: SetupInput): Promise<PartialAddress | null>;
  /** The market of a country; null when the store does not sell there. */
  market(country: string): Promise<unknown>;
}

/**
 * The billing address the buyer chose, checked before anything is written: a saved address must be theirs (401 without
 * an account, 404 ADDRESS_NOT_FOUND otherwise) and complete; a typed one is in a country the store sells in (404
 * COUNTRY_NOT_FOUND otherwise, as for saved addresses); none chosen bills to the shipping address.
 */
export async function billingAddress(
  auth: Auth | null,
  body: ConfirmBody,
  shipping: AddressInput,
  { addressFor, market }: Lookups,
): Promise<AddressInput> {
  const chosen = body.company_info ?? body.billing_info;
  const savedId = chosen?.address_id;
  const typed = body.company_info ? body.company_info.address : body.billing_info?.address_input;
  if (savedId && typed) throw new ApiError('VALIDATION_ERROR');
  if (!savedId) {
    if (!typed) return shipping;
    if (!(await market(trim(typed.country).toUpperCase()))) throw new ApiError('COUNTRY_NOT_FOUND');
    return trimmed(typed);
  }
  const saved = await addressFor(auth, { addressId: savedId }).catch((error: unknown) => {
    throw error instanceof ApiError && error.code === 'NOT_FOUND' ? new ApiError('ADDRESS_NOT_FOUND') : error;
  });
  if (!saved?.line_1 || !saved.city) throw new ApiError('ADDRESS_NOT_FOUND');
  return trimmed({ ...saved, line_1: saved.line_1, city: saved.city });
}

/** A private buyer billing to another name gives both names (400 VALIDATION_ERROR otherwise). */
export function checkBillingNames(body: ConfirmBody): void {
  const info = body.billing_info;
  if (body.company_info || !info || info.use_contact_info) return;
  if (!trim(info.first_name) || !trim(info.last_name)) throw new ApiError('VALIDATION_ERROR');
}

/** The order's `billing`: a company (name, VAT id and its check, reverse charge) or a person. */
export function orderBilling(
  body: ConfirmBody,
  contact: { firstName: string; lastName: string },
  address: AddressInput,
  priced: PricedCheckout,
) {
  if (body.company_info) {
    return {
      type: 'company',
      companyName: trim(body.company_info.name),
      vatId: priced.vat.id,
      vatIdValid: priced.vat.valid,
      reverseCharge: priced.tax.reverseCharge,
      // Who checked the VAT id, and VIES's consultation number: the proof a reverse charge rests on.
      vatCheck: {
        source: priced.vat.check,
        requestIdentifier: priced.vat.requestIdentifier,
        requestDate: priced.vat.requestDate,
      },
      address,
    };
  }
  const other = body.billing_info?.use_contact_info === false;
  return {
    type: 'person',
    firstName: other ? trim(body.billing_info?.first_name) : contact.firstName,
    lastName: other ? trim(body.billing_info?.last_name) : contact.lastName,
    customerTaxId: trim(body.customer_tax_id) || null,
    address,
  };
}

/** Billing address strings are trimmed (spec section 5); empty optional parts are left out. */
function trimmed(address: AddressInput): AddressInput {
  const optional = (value: string | undefined) => trim(value) || undefined;
  return {
    country: trim(address.country).toUpperCase(),
    line_1: trim(address.line_1),
    line_2: optional(address.line_2),
    postal_code: optional(address.postal_code),
    city: trim(address.city),
    state: optional(address.state),
  };
}
