import { describe, expect, it } from 'vitest';
import { formatUtcDateTime } from '../../lib/format.ts';
import { auditValue } from './format.ts';

describe('back-office formats', () => {
  it('shows a moment in UTC with the zone named, in the page language', () => {
    expect(formatUtcDateTime('2026-12-24T17:05:00Z', 'en-US')).toBe('Dec 24, 2026, 5:05 PM UTC');
    expect(formatUtcDateTime('2026-12-24T17:05:00Z', 'de-DE')).toBe('24.12.2026, 17:05 UTC');
    expect(formatUtcDateTime('not a date', 'de-DE')).toBe('not a date');
  });

  it('writes audited values as text', () => {
    expect(auditValue(null)).toBe('—');
    expect(auditValue(5)).toBe('5');
    expect(auditValue(['DE', 'AT'])).toBe('["DE","AT"]');
  });
});
