import { PLURAL_CATEGORIES, type PluralCategory, pluralRules } from '@varg/i18n';
import descriptions from '../../../../../packages/i18n/catalogs/en-us.context.json';

const DESCRIPTIONS: Readonly<Record<string, string>> = descriptions;
const PLURAL_SUFFIX = new RegExp(`^(.+)_(${PLURAL_CATEGORIES.join('|')})$`);

/** A plural form's message and category (`auction_bids_count_few` → `auction_bids_count`, `few`), else null. */
export function pluralForm(key: string, messages: Readonly<Record<string, string>>): [string, PluralCategory] | null {
  const match = PLURAL_SUFFIX.exec(key);
  if (!match?.[1] || !(`${match[1]}_other` in messages)) return null;
  return [match[1], match[2] as PluralCategory];
}

/** The note for translators on a key (catalogs/en-us.context.json); a plural form reads its message's note. */
export function contextFor(key: string, messages: Readonly<Record<string, string>>): string | null {
  return DESCRIPTIONS[key] ?? DESCRIPTIONS[pluralForm(key, messages)?.[0] ?? ''] ?? null;
}

/** The first counts that take a plural category in the language (`pl`, few: 2, 3, 4, 22, 23, 24). */
export function countsFor(tag: string, category: PluralCategory, max = 6): number[] {
  const rules = pluralRules(tag);
  const counts: number[] = [];
  for (let n = 0; n <= 1000 && counts.length < max; n++) if (rules.select(n) === category) counts.push(n);
  return counts;
}
