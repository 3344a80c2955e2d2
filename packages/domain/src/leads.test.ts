import { describe, expect, it } from 'vitest';
import { distanceKm, inDistanceUnit, sendsFeedbackLink, testRideWindowError } from './leads.ts';

describe('leads and test rides', () => {
  it('asks for feedback once, when a test ride is marked done', () => {
    expect(sendsFeedbackLink('test_ride_booked', 'test_ride_done', 'TEST_RIDE')).toBe(true);
    expect(sendsFeedbackLink('test_ride_done', 'test_ride_done', 'TEST_RIDE')).toBe(false);
    expect(sendsFeedbackLink('contacted', 'test_ride_done', 'WEB')).toBe(false);
    expect(sendsFeedbackLink('test_ride_booked', 'won', 'TEST_RIDE')).toBe(false);
  });

  it('checks the date window of a test ride', () => {
    const today = '2026-11-24';
    expect(testRideWindowError('2026-11-24', '2026-11-30', today)).toBeNull();
    expect(testRideWindowError('2026-11-23', '2026-11-30', today)).toBe('past');
    expect(testRideWindowError('2026-12-02', '2026-12-01', today)).toBe('order');
    expect(testRideWindowError('2026-12-01', '2027-03-01', today)).toBe('too_far');
    expect(testRideWindowError('2027-08-01', '2027-08-02', today)).toBe('too_far');
  });

  it('measures distances on the globe, in the market’s unit', () => {
    const barcelona: [number, number] = [2.1734, 41.3851];
    const madrid: [number, number] = [-3.7038, 40.4168];
    const km = distanceKm(barcelona, madrid);
    expect(km).toBeGreaterThan(500);
    expect(km).toBeLessThan(510);
    expect(inDistanceUnit(km, 'km')).toEqual({ value: Math.round(km), unit: 'km' });
    expect(inDistanceUnit(km, 'mi')).toEqual({ value: 314, unit: 'mi' });
    expect(distanceKm(barcelona, barcelona)).toBe(0);
  });
});
