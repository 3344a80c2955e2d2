import { describe, expect, it } from 'vitest';
import { normalTrackingNumber, TRACKING_NUMBER, trackingLink } from './shipments.ts';

describe('parcel tracking', () => {
  it('links a carrier’s tracking page with the number encoded', () => {
    expect(trackingLink('ups', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingLink('dhl', 'AB-12')).toContain('tracking-id=AB-12');
  });
  it('takes only an https link for another carrier', () => {
    expect(trackingLink('other', 'X1234', 'https://track.example/x?n=1')).toBe('https://track.example/x?n=1');
    expect(trackingLink('other', 'X1234', 'http://track.example/x')).toBeNull();
    expect(trackingLink('other', 'X1234', 'javascript:alert(1)')).toBeNull();
    expect(trackingLink('other', 'X1234')).toBeNull();
  });
  it('reads a typed number without spaces, in capitals, and refuses other characters', () => {
    expect(normalTrackingNumber(' 1z 999 aa1 ')).toBe('1Z999AA1');
    expect(TRACKING_NUMBER.test('1Z999AA1')).toBe(true);
    expect(TRACKING_NUMBER.test('abc')).toBe(false);
    expect(TRACKING_NUMBER.test('<script>')).toBe(false);
  });
});
