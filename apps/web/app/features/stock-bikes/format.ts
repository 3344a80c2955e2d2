import { formatMoney, localeTag } from '@varg/domain';
import { formatPercent } from '@varg/i18n';
import { useMemo } from 'react';
import { useLocale } from '../../lib/use-locale.ts';

export interface Price {
  /** Integer minor units. */
  amount: number;
  currencyCode: string;
}

/**
 * A calendar date of the API (`2026-08-14`) in the page's language. The date is read and written in UTC, so it is the
 * same day wherever the server or the browser runs.
 */
export function formatIsoDate(iso: string, tag: string): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** Money and dates in the page's locale (`de-DE`: `13.900,00 €`, `14. August 2026`). */
export function useFormat() {
  const tag = localeTag(useLocale());
  return useMemo(
    () => ({
      money: (price: Price) => formatMoney({ amount: price.amount, currency: price.currencyCode }, tag),
      date: (iso: string) => formatIsoDate(iso, tag),
      /** A percentage given in percent (`25.5` → `25,5 %` in fi). */
      percent: (percent: number) => formatPercent(tag, percent),
    }),
    [tag],
  );
}
