import { describe, expect, it } from 'vitest';
import {
  acknowledgementDue,
  acknowledgementOverdue,
  feedbackDue,
  feedbackOverdue,
  normalizeWhistleCode,
  normalizeWhistleSecret,
  WHISTLE_CODE_PATTERN,
  WHISTLE_SECRET_PATTERN,
  whistleGroups,
  whistleStatusChangeAllowed,
} from './whistleblowing.ts';

describe('whistleblowing deadlines (directive 2019/1937, article 9)', () => {
  const received = new Date('2026-05-24T10:00:00Z');
  it('acknowledges within seven days, and answers within three months of that', () => {
    expect(acknowledgementDue(received).toISOString()).toBe('2026-05-31T10:00:00.000Z');
    expect(feedbackDue(received).toISOString()).toBe('2026-08-31T10:00:00.000Z');
    // 30 November + 7 days = 7 December → 7 March
    expect(feedbackDue(new Date('2026-11-30T00:00:00Z')).toISOString()).toBe('2027-03-07T00:00:00.000Z');
    // 24 November + 7 days = 1 December → 1 March; a month end is kept at the month's last day
    expect(feedbackDue(new Date('2026-11-24T00:00:00Z')).toISOString()).toBe('2027-03-01T00:00:00.000Z');
    expect(feedbackDue(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });
  it('is overdue only while nothing was done in time', () => {
    const later = new Date('2026-06-01T00:00:00Z');
    expect(acknowledgementOverdue('received', received, later)).toBe(true);
    expect(acknowledgementOverdue('acknowledged', received, later)).toBe(false);
    expect(acknowledgementOverdue('received', received, new Date('2026-05-30T00:00:00Z'))).toBe(false);
    const autumn = new Date('2026-09-01T00:00:00Z');
    expect(feedbackOverdue('acknowledged', received, null, autumn)).toBe(true);
    expect(feedbackOverdue('acknowledged', received, new Date('2026-06-10T00:00:00Z'), autumn)).toBe(false);
    expect(feedbackOverdue('closed', received, null, autumn)).toBe(false);
  });
  it('never moves a case back to received', () => {
    expect(whistleStatusChangeAllowed('received', 'acknowledged')).toBe(true);
    expect(whistleStatusChangeAllowed('closed', 'in_progress')).toBe(true);
    expect(whistleStatusChangeAllowed('acknowledged', 'received')).toBe(false);
    expect(whistleStatusChangeAllowed('closed', 'closed')).toBe(false);
  });
});

describe('case codes and secrets', () => {
  it('are drawn from an alphabet without look-alikes and read back however they were typed', () => {
    let seed = 0;
    const bytes = (n: number) => Uint8Array.from({ length: n }, () => (seed = (seed * 73 + 41) % 256));
    const code = `WB-${whistleGroups(2, bytes)}`;
    const secret = whistleGroups(5, bytes);
    expect(code).toMatch(WHISTLE_CODE_PATTERN);
    expect(secret).toMatch(WHISTLE_SECRET_PATTERN);
    expect(normalizeWhistleCode(code.toLowerCase().replace(/-/g, ' '))).toBe(code);
    expect(normalizeWhistleSecret(secret.replace(/-/g, '').toLowerCase())).toBe(secret);
    expect(normalizeWhistleCode(' wb-1 ')).toBe('WB-1');
  });
});
