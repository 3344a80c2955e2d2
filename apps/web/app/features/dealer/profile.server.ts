// The dealer's profile form (spec section 7 "PUT dealer/{id}/info"): a section's fields as the API's body, checked by
// the operation's own schema (DealerInfoBody) before it is sent.
import { DealerInfoBody } from '@varg/contracts';
import { type FieldErrors, parseBody } from '../../lib/forms.server.ts';

export const PROFILE_SECTIONS = ['store', 'invoicing', 'shipping'] as const;
export type Section = (typeof PROFILE_SECTIONS)[number];
export type Values = Record<string, string>;

const address = (v: Values) => ({
  line1: v.line1 ?? '',
  line2: v.line2 ?? '',
  postalCode: v.postalCode ?? '',
  city: v.city ?? '',
  state: v.state ?? '',
  country: v.country ?? '',
});

/** The API body of one section from its form. */
function bodyOf(section: Section, v: Values) {
  if (section === 'store') {
    return {
      storeInfo: {
        storeName: v.storeName,
        formattedAddress: v.formattedAddress,
        location: { type: 'Point', coordinates: [Number(v.lng), Number(v.lat)] },
      },
      contactInfo: { phone: v.phone, dealerSupportEmail: v.supportEmail },
    };
  }
  if (section === 'invoicing') {
    return {
      companyInfo: {
        companyId: v.companyId,
        companyName: v.companyName,
        companyOwnerName: v.companyOwnerName,
        phone: v.phone,
        email: (v.email ?? '')
          .split(/[,;\s]+/)
          .map((e) => e.trim())
          .filter(Boolean),
        address: address(v),
      },
    };
  }
  return {
    shippingInfo: { firstName: v.firstName, lastName: v.lastName, phone: v.phone, email: v.email, address: address(v) },
  };
}

/** A posted section: which one, what was typed, and its body (or why it cannot be one). */
export function readProfileSection(form: FormData): {
  section: Section;
  values: Values;
  body: { ok: true; data: DealerInfoBody } | { ok: false; errors: FieldErrors };
} | null {
  const section = String(form.get('section'));
  if (!(PROFILE_SECTIONS as readonly string[]).includes(section)) return null;
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v).trim()])) as Values;
  return { section: section as Section, values, body: parseBody(DealerInfoBody, bodyOf(section as Section, values)) };
}
