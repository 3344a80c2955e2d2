import type { AdminAuction } from '@varg/contracts';
import { parseAxeNumbers, parseBidAmount } from '@varg/domain';

// The batch form of the auction's back office (decision 046): what an administrator types (euros, minutes, times in
// UTC) as the API's body (minor units, seconds, ISO 8601), and an auction back as the form's values.

export const BATCH_FIELDS = [
  'slug',
  'startsAt',
  'endsAt',
  'reserve',
  'increment',
  'axes',
  'featured',
  'window',
  'extension',
] as const;
export type BatchValues = Record<(typeof BATCH_FIELDS)[number], string>;

export const NEW_BATCH: BatchValues = {
  slug: '',
  startsAt: '',
  endsAt: '',
  reserve: '100',
  increment: '10',
  axes: '1000',
  featured: '',
  window: '5',
  extension: '5',
};

export function batchValues(form: FormData): BatchValues {
  return Object.fromEntries(BATCH_FIELDS.map((name) => [name, String(form.get(name) ?? '').trim()])) as BatchValues;
}

/** A `datetime-local` value read as UTC (the back office's times are UTC, decision 040). */
const utc = (local: string) => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const at = new Date(`${local}:00Z`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
};
const whole = (text: string, min: number, max: number) => {
  if (!/^\d{1,5}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
};

export type BatchBody = {
  slug: string;
  startsAt: string;
  endsAt: string;
  reserve: number;
  increment: number;
  axes: number;
  featured: number[];
  extensionWindowSeconds: number;
  extensionSeconds: number;
};

/** The API's body, or the catalog key of what is wrong (the API checks the rest: schedule, overlap, slug). */
export function batchBody(v: BatchValues): { body: BatchBody } | { error: string } {
  const startsAt = utc(v.startsAt);
  const endsAt = utc(v.endsAt);
  if (!startsAt || !endsAt) return { error: 'admin_auction_time_invalid' };
  const reserve = parseBidAmount(v.reserve);
  const increment = parseBidAmount(v.increment);
  if (reserve === null || increment === null) return { error: 'admin_auction_amount_invalid' };
  const axes = whole(v.axes, 1, 1000);
  if (axes === null) return { error: 'admin_auction_axes_invalid' };
  const featured = parseAxeNumbers(v.featured, axes);
  if (!featured) return { error: 'error_auction_featured_invalid' };
  const window = whole(v.window, 0, 1440);
  const extension = whole(v.extension, 0, 1440);
  if (window === null || extension === null) return { error: 'admin_auction_minutes_invalid' };
  return {
    body: {
      slug: v.slug.toLowerCase(),
      startsAt,
      endsAt,
      reserve,
      increment,
      axes,
      featured,
      extensionWindowSeconds: window * 60,
      extensionSeconds: extension * 60,
    },
  };
}

const euros = (minor: number) => (minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2));

/** An auction as the form's values. */
export const auctionValues = (a: AdminAuction): BatchValues => ({
  slug: a.slug,
  startsAt: a.startsAt.slice(0, 16),
  endsAt: a.endsAt.slice(0, 16),
  reserve: euros(a.reserve),
  increment: euros(a.increment),
  axes: String(a.axes),
  featured: a.featured.join(', '),
  window: String(Math.round(a.extensionWindowSeconds / 60)),
  extension: String(Math.round(a.extensionSeconds / 60)),
});
