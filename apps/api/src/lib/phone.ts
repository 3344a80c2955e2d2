import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Spec section 5: a number without a leading plus is read in the selected country and written in international
 * format (E.164). A number that cannot be read is kept as typed, trimmed; validation of its shape is the form's.
 */
export function internationalPhone(phone: string, country: string): string {
  const trimmed = phone.trim();
  if (!trimmed) return '';
  const parsed = parsePhoneNumberFromString(trimmed, trimmed.startsWith('+') ? undefined : (country as CountryCode));
  return parsed?.isValid() ? parsed.number : trimmed;
}

/** In an order payload the phone keeps only digits and plus. */
export function payloadPhone(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}
