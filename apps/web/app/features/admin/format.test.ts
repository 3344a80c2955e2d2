import { describe, expect, it } from 'vitest';
import { formatAdminTime } from './format.ts';

describe('formatAdminTime', () => {
  it('shows the day and time in UTC with the zone named, in the page’s language', () => {
    expect(formatAdminTime('2026-12-24T18:05:00Z', 'en-US')).toBe('Dec 24, 2026, 06:05 PM UTC');
    expect(formatAdminTime('2026-12-24T18:05:00Z', 'de-DE')).toBe('24. Dez. 2026, 18:05 UTC');
    expect(formatAdminTime('not a time', 'en-US')).toBe('not a time');
  });
});
