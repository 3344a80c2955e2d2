// The web's one home for formatting money, dates, percentages and months in the page's locale (decision 038).
// Money is integer minor units from the API, formatted by the domain's `formatMoney`; numbers with units by
// `@varg/i18n`'s Intl helpers (decision 037). Features and routes import from here, never build their own formats.
import { DEFAULT_TIME_ZONE, formatMoney, localeTag } from '@varg/domain';
import { dateTimeFormat, formatMonths, formatPercent } from '@varg/i18n';
import { useMemo } from 'react';
import { useLocale } from './use-locale.ts';

/** An amount in integer minor units with its currency (`139000, 'EUR'` → `1.390,00 €` in de-DE). */
export function money(amount: number, currency: string, tag: string): string {
  return formatMoney({ amount, currency }, tag);
}

/** A price as several API answers name it: minor units and `currencyCode`. */
export interface Price {
  /** Integer minor units. */
  amount: number;
  currencyCode: string;
}

/** A decimal in major units for a number field's value (`123456` → `1234.56`). */
export function decimalOf(minor: number): string {
  return (minor / 100).toFixed(2);
}

/**
 * A calendar date of the API (`2026-08-14`) in the page's language. The date is read and written in UTC, so it is the
 * same day wherever the server or the browser runs.
 */
export function formatIsoDate(iso: string, tag: string): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * The day an order or a payment was made, as the seller's calendar has it (Europe/Madrid): the same day the invoice
 * is dated, on the server and in every browser.
 */
export function formatOrderDay(iso: string, tag: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(tag, { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(date);
}

/** A deadline: day and time as the seller's calendar has it (Europe/Madrid), with the time zone named. */
export function formatOrderDeadline(iso: string, tag: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(tag, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Madrid',
    timeZoneName: 'short',
  }).format(date);
}

/**
 * A moment as day and time where no market's or seller's zone applies (links that expire): in the spec's default
 * display time zone (section 9: `DEFAULT_TIME_ZONE`, Asia/Tokyo), which is named (`Nov 26, 2026, 8:30 AM GMT+9`). The
 * same text on the server and in every browser, whatever zone the machine is set to.
 */
export function formatDateTime(iso: string, tag: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(tag, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
}

/** A moment in UTC, named (`Nov 25, 2026, 4:05 PM UTC`): the same on the server and in every browser. */
export function formatUtcDateTime(iso: string, tag: string): string {
  if (Number.isNaN(new Date(iso).getTime())) return iso;
  return `${dateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;
}

/** A day in UTC, medium length (`Nov 25, 2026`). */
export function formatUtcDay(iso: string, tag: string): string {
  return dateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}

/** The BCP 47 tag of the current locale (`de-DE`), for `Intl`. */
export function useLocaleTag(): string {
  return localeTag(useLocale());
}

/** Every format above, bound to the page's locale. */
export function useFormat() {
  const tag = useLocaleTag();
  return useMemo(
    () => ({
      tag,
      money: (amount: number, currency: string) => money(amount, currency, tag),
      /** A `{ amount, currencyCode }` price. */
      price: (price: Price) => money(price.amount, price.currencyCode, tag),
      /** A calendar date of the API (`2026-05-11`). */
      date: (iso: string) => formatIsoDate(iso, tag),
      /** A timestamp (createdAt) as a day. */
      day: (iso: string) => formatOrderDay(iso, tag),
      /** A deadline (a timestamp): day and time in the seller's time zone, which is named. */
      deadline: (iso: string) => formatOrderDeadline(iso, tag),
      /** A moment as day and time in the default display time zone (Asia/Tokyo), named. */
      dateTime: (iso: string) => formatDateTime(iso, tag),
      /** A percentage given in percent (`25.5` → `25,5 %` in fi). */
      percent: (percent: number) => formatPercent(tag, percent),
      /** A percentage given in basis points (`1950` → `19.5%`). */
      percentBp: (bp: number) => formatPercent(tag, bp / 100),
      months: (months: number) => formatMonths(tag, months),
    }),
    [tag],
  );
}

export type Format = ReturnType<typeof useFormat>;
