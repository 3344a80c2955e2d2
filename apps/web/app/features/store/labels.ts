import type { StoreArticle, StoreVariant } from '@varg/contracts';
import { formatMonths } from '@varg/i18n';
import type { TFunction } from '../../lib/i18n.ts';

/** A catalog key's text, or null when the catalog has no such key. */
function known(t: TFunction, key: string, params?: Record<string, string | number>): string | null {
  const text = t(key, params);
  return text === key ? null : text;
}

/** The article's name: its catalog key in the visitor's language, else the name as printed (brand names). */
export function articleName(t: TFunction, article: Pick<StoreArticle, 'name' | 'nameKey'>): string {
  return (article.nameKey && known(t, article.nameKey)) || article.name;
}

/** An attribute's label ("Size", "Wheel size"), from `store_attr_<name>`. */
export function attributeLabel(t: TFunction, name: string): string {
  return known(t, `store_attr_${name}`) ?? name;
}

/** Attributes that count a unit, written out by Intl in the page's language ("24 months", "24 miesiące"). */
const COUNTED: Record<string, (tag: string, n: number) => string> = { months: formatMonths };

/**
 * An attribute's value: a translated word (`store_attr_colour_black`), a counted unit (months, from Intl), or the
 * value as written (sizes, wheel sizes, spring rates). `tag` is the page's BCP 47 locale.
 */
export function attributeValue(t: TFunction, name: string, value: string, tag: string): string {
  const word = known(t, `store_attr_${name}_${value}`);
  if (word) return word;
  const count = Number(value);
  const counted = COUNTED[name];
  if (counted && value !== '' && Number.isFinite(count)) return counted(tag, count);
  return value;
}

/** The attribute names the variants of an article differ by, in the order of the first variant. */
export function variantDimensions(variants: readonly StoreVariant[]): string[] {
  const names = Object.keys(variants[0]?.attributes ?? {});
  return names.filter((name) => new Set(variants.map((v) => v.attributes[name])).size > 1);
}

/** A variant's label among its siblings: the values of the attributes they differ by. */
export function variantLabel(t: TFunction, variant: StoreVariant, dimensions: readonly string[], tag: string): string {
  return dimensions.map((name) => attributeValue(t, name, variant.attributes[name] ?? '', tag)).join(' · ');
}
