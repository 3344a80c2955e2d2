import { checkVAT, countries } from 'jsvat';
import type { VatIdCheck, VatIdProvider } from './interface.ts';
import { normalizeVatNumber } from './interface.ts';

/**
 * Format and check digits, offline, for the countries jsvat knows (the EU members, GB, NO, CH, …). A country it does not
 * know has no valid VAT id here. It cannot tell whether a well-formed number is actually registered: that is VIES.
 */
export function jsvatCheck(vat: string, country: string): VatIdCheck {
  const iso = country.toUpperCase();
  const n = normalizeVatNumber(vat, iso);
  if (n.prefixMismatch || !/^[A-Z0-9]{2,16}$/.test(n.number)) {
    return { isValid: false, vatNumber: n.vatNumber, country: iso, source: 'format' };
  }
  const result = checkVAT(n.vatNumber, countries);
  return {
    isValid: result.isValid && result.country?.isoCode.short === iso,
    vatNumber: n.vatNumber,
    country: iso,
    source: 'format',
  };
}

export function jsvatProvider(): VatIdProvider {
  return { name: 'jsvat', check: async (vat, country) => jsvatCheck(vat, country) };
}
