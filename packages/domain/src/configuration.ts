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
