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

/** Suspension options are rider-weight brackets (DATA.md) in kilograms. */
const WEIGHT_BRACKETS = new Set(['65_70', '75_80', '85_90']);

/**
 * How a market writes the rider-weight brackets (spec section 9: a locale-specific mapping for US, CA, MX, BR, AR,
 * AU, NZ, ZA and GB; docs/decisions/011-configurator.md): pounds in the US, both units in Canada, stones and pounds in
 * the UK; Mexico, Brazil, Argentina, Australia, New Zealand and South Africa weigh riders in kilograms like the EU.
 * Footpegs and titanium bolt kits are the same parts everywhere, so their labels do not change by market.
 */
export const WEIGHT_LABELS: Readonly<Record<string, 'lb' | 'kg_lb' | 'st'>> = { US: 'lb', CA: 'kg_lb', GB: 'st' };

/**
 * The translation key of an option's name in a market: `option_<slug>`, with the market's unit suffix for
 * rider-weight brackets. A market not in the table that weighs in pounds (its `weightUnit`) gets pounds.
 */
export function optionNameKey(optionId: string, country: string, weightUnit = 'kg'): string {
  const slug = bikeOptionSlug(optionId);
  if (!WEIGHT_BRACKETS.has(slug)) return `option_${slug}`;
  const unit = WEIGHT_LABELS[country.toUpperCase()] ?? (weightUnit === 'lb' ? 'lb' : null);
  return unit ? `option_${slug}_${unit}` : `option_${slug}`;
}

/** A compatibility rule between two options of a model: the first needs, or cannot go with, the second. */
export interface OptionRule {
  optionId: string;
  kind: 'requires' | 'excludes';
  otherOptionId: string;
}

/** A broken rule in a selection: `optionId` is chosen and `otherOptionId` is missing (requires) or chosen (excludes). */
export type Conflict = OptionRule;

/**
 * The rules a selection breaks. `requires` is broken when the option is chosen without the other; `excludes` when
 * both are chosen. An empty list means the bike can be built.
 */
export function configurationConflicts(rules: readonly OptionRule[], selected: Iterable<string>): Conflict[] {
  const chosen = new Set(selected);
  return rules.filter((rule) =>
    !chosen.has(rule.optionId)
      ? false
      : rule.kind === 'requires'
        ? !chosen.has(rule.otherOptionId)
        : chosen.has(rule.otherOptionId),
  );
}

/** The configuration key of an option group (spec section 3 writes them camelCase): `rear_brake` → `rearBrake`. */
export function groupKey(groupId: string): string {
  return groupId.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}
