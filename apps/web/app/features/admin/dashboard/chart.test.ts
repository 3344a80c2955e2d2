import { describe, expect, it } from 'vitest';
import { daysBetween } from './chart.tsx';

describe('daysBetween', () => {
  it('lists every UTC day of the period, both ends included, across a month end', () => {
    expect(daysBetween('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(daysBetween('2026-11-25', '2026-11-25')).toEqual(['2026-11-25']);
    expect(daysBetween('2026-08-28', '2026-11-25')).toHaveLength(90);
  });
});
