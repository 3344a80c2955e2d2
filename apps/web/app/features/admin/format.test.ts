import { describe, expect, it } from 'vitest';
import { auditValue, formatAdminTime } from './format.ts';

describe('back-office formats', () => {
  it('writes a moment in UTC with the zone named, in the page’s language', () => {
    expect(formatAdminTime('2026-11-25T16:05:00.000Z', 'en-US')).toBe('Nov 25, 2026, 04:05 PM UTC');
    expect(formatAdminTime('2026-11-25T16:05:00.000Z', 'de-DE')).toBe('25. Nov. 2026, 16:05 UTC');
    expect(formatAdminTime('not a date', 'en-US')).toBe('not a date');
  });
  it('writes audited values as text', () => {
    expect(auditValue(null)).toBe('—');
    expect(auditValue({ EUR: 49_000 })).toBe('{"EUR":49000}');
  });
});
