// Dealers' leads and test rides (docs/decisions/019-leads-and-test-rides.md): the pipeline, and distances to stores.

import type { DistanceUnit } from './locale.ts';

/** A lead's pipeline, in order; `lost` can follow any stage. */
export const LEAD_STATUSES = ['new', 'contacted', 'test_ride_booked', 'test_ride_done', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Where a lead came from: typed in by the dealer (the spec's WEB) or a test-ride request. */
export const LEAD_SOURCES = ['WEB', 'TEST_RIDE'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** The test-ride feedback link asks once the ride happened: when a lead's status becomes test_ride_done. */
export function sendsFeedbackLink(before: LeadStatus, after: LeadStatus, source: LeadSource): boolean {
  return source === 'TEST_RIDE' && before !== 'test_ride_done' && after === 'test_ride_done';
}

/** How long a feedback link works. */
export const FEEDBACK_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A test ride's date window: from today on, within 6 months, `from` ≤ `to`, at most 60 days long. */
export function testRideWindowError(from: string, to: string, today: string): 'past' | 'order' | 'too_far' | null {
  const day = (s: string) => Date.parse(`${s}T00:00:00Z`);
  if (day(from) < day(today)) return 'past';
  if (day(to) < day(from)) return 'order';
  if (day(to) - day(from) > 60 * 86_400_000 || day(from) - day(today) > 183 * 86_400_000) return 'too_far';
  return null;
}

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_MILE = 1.609344;

/** Great-circle distance between two [longitude, latitude] points, in km (haversine). */
export function distanceKm(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance in the market's unit (the country's `distanceUnit`: km or mi), rounded to whole units. */
export function inDistanceUnit(km: number, unit: string): { value: number; unit: DistanceUnit } {
  return unit === 'mi' ? { value: Math.round(km / KM_PER_MILE), unit: 'mi' } : { value: Math.round(km), unit: 'km' };
}
