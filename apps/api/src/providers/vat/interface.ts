// The VAT id check behind `GET /v1/company/validate-vat-number` and the reverse charge (DESIGN.md section 5, decision
// 013). `jsvat` (default) checks the format and check digits offline; `vies` also asks the EU's VIES service whether the
// number is registered.

export interface VatIdCheck {
  isValid: boolean;
  /** Normalised with its VAT prefix: `FR40303265045`, `EL094259216`. */
  vatNumber: string;
  /** The ISO country that issued it (GR for an EL number). */
  country: string;
  /**
   * Who said so: `vies` (the EU's register answered), or `format` (format and check digits only). A reverse charge in
   * production needs `vies` (decision 027).
   */
  source?: 'vies' | 'format';
  /** VIES's answer: its consultation number (`requestIdentifier`, given when a requester is sent) and date. */
  consultation?: { requestIdentifier: string | null; requestDate: string | null } | undefined;
}

export interface VatIdProvider {
  readonly name: 'jsvat' | 'vies';
  /** Checks `vat` (with or without its prefix) as a VAT id of `country`. Throws VAT_CHECK_UNAVAILABLE when it cannot tell. */
  check(vat: string, country: string): Promise<VatIdCheck>;
}

/** VAT prefixes that differ from the ISO code. */
const PREFIX_OF: Record<string, string> = { GR: 'EL' };

export const vatPrefixOf = (country: string) => PREFIX_OF[country] ?? country;

/**
 * Splits a VAT id typed by a buyer (`fr 40 303 265 045`, `40303265045`, `CHE-116.281.710`) into its prefix and number.
 * `prefixMismatch` when it starts with another country's prefix than `country`'s.
 */
export function normalizeVatNumber(vat: string, country: string) {
  const prefix = vatPrefixOf(country.toUpperCase());
  let compact = vat.toUpperCase().replace(/[\s.\-/]/g, '');
  let prefixMismatch = false;
  if (compact.startsWith(prefix)) compact = compact.slice(prefix.length);
  // Switzerland writes CHE-123.456.789: the E is part of the number's form, not the prefix.
  else if (/^[A-Z]{2}/.test(compact) && !(prefix === 'CH' && compact.startsWith('E'))) prefixMismatch = true;
  return { prefix, number: compact, vatNumber: prefixMismatch ? compact : `${prefix}${compact}`, prefixMismatch };
}
