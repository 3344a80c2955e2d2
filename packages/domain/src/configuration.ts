import murmurhash from 'murmurhash';

/** Spec section 3: bike option names carry this 12-character marker. */
export const BIKE_OPTION_MARKER = 'varg_option_';

export function isBikeOptionName(name: string): boolean {
  return name.startsWith(BIKE_OPTION_MARKER) && name.length > BIKE_OPTION_MARKER.length;
}

/** The option's own name, without the marker (`varg_option_red` → `red`), e.g. for its translation key. */
export function bikeOptionSlug(name: string): string {
  return isBikeOptionName(name) ? name.slice(BIKE_OPTION_MARKER.length) : name;
}

/**
 * Spec section 3: the configuration hash is murmur2 over the product id plus the sorted option ids, so the same
 * choice gives the same hash whatever the order it was made in. Ids are joined with `|` (ids never contain it) and
 * the 32-bit hash is written as 8 hex digits.
 */
export function configurationHash(productId: string, optionIds: readonly string[]): string {
  const sorted = [...new Set(optionIds)].sort();
  return murmurhash
    .v2([productId, ...sorted].join('|'))
    .toString(16)
    .padStart(8, '0');
}

/** Suspension options are rider-weight brackets (DATA.md); markets that weigh in pounds see them in pounds. */
const WEIGHT_BRACKETS = new Set(['65_70', '75_80', '85_90']);

/** The translation key of an option's name in a market: `option_<slug>`, `_lb` for weight brackets where lb is used. */
export function optionNameKey(optionId: string, weightUnit: string): string {
  const slug = bikeOptionSlug(optionId);
  return WEIGHT_BRACKETS.has(slug) && weightUnit === 'lb' ? `option_${slug}_lb` : `option_${slug}`;
}
