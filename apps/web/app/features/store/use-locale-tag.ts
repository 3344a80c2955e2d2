import { localeTag } from '@varg/domain';
import { useLocale } from '../../lib/use-locale.ts';

/** The BCP 47 tag of the current locale (`de-DE`), for number and money formatting. */
export function useLocaleTag(): string {
  return localeTag(useLocale());
}
