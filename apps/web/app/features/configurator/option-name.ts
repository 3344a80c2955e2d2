import type { TFunction } from '../../lib/i18n.ts';

/**
 * An option's name in the visitor's language: its catalog key (`option_<slug>`), else the name printed by the back
 * office for an option added there (decision 041), else its id.
 */
export function optionName(t: TFunction, option: { id: string; name: string; nameKey: string }): string {
  const text = t(option.nameKey);
  return text !== option.nameKey ? text : option.name || option.id;
}
