import { formatMoney, localeTag } from '@varg/domain';
import { useMemo } from 'react';
import { useLocale } from '../../lib/use-locale.ts';
import { formatIsoDate } from '../stock-bikes/format.ts';

/**
 * The day an order or a payment was made, as the seller's calendar has it (Europe/Madrid): the same day the invoice
 * is dated, on the server and in every browser.
 */
export function formatOrderDay(iso: string, tag: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(date);
}

/** A deadline: day and time as the seller's calendar has it (Europe/Madrid), with the time zone named. */
export function formatOrderDeadline(iso: string, tag: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(tag, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Madrid',
    timeZoneName: 'short',
  }).format(date);
}

/** Money, days and percentages in the page's locale. */
export function useOrderFormat() {
  const tag = localeTag(useLocale());
  return useMemo(
    () => ({
      money: (amount: number, currency: string) => formatMoney({ amount, currency }, tag),
      /** A timestamp (createdAt) as a day. */
      day: (iso: string) => formatOrderDay(iso, tag),
      /** A deadline (a timestamp): day and time in the seller's time zone, which is named. */
      deadline: (iso: string) => formatOrderDeadline(iso, tag),
      /** A calendar date of the API (`2026-05-11`). */
      date: (iso: string) => formatIsoDate(iso, tag),
      percent: (bp: number) =>
        new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000),
    }),
    [tag],
  );
}
