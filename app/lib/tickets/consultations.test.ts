import { describe, expect, it } from 'vitest';
import { freeSlots, offeredSlot, refundableCancellation, slotInstant, type Availability } from './consultations';

const availability: Availability = {
  timeZone: 'America/New_York',
  slotMinutes: 45,
  fee: 5000,
  cancellationHours: 24,
  rules: 'Free cancellation until 24 h before.',
  // Mondays 09:00-11:00 in New York.
  weekly: [{ weekday: 1, from: '09:00', to: '11:00' }],
};
const NOW = Date.parse('2030-03-01T00:00:00Z');

describe('consultation slots', () => {
  it('shows the organizer’s Monday morning in a Tokyo viewer’s Monday night, slot by slot', () => {
    // Monday 4 March 2030, 09:00 EST = 14:00 UTC = 23:00 in Tokyo; with hour slots the second (10:00 EST) is Tuesday 00:00 there.
    const hourly = { ...availability, slotMinutes: 60 as const };
    expect(freeSlots(hourly, '2030-03-04', 'Asia/Tokyo', NOW)).toEqual(['2030-03-04T14:00:00.000Z']);
    expect(freeSlots(hourly, '2030-03-05', 'Asia/Tokyo', NOW)).toEqual(['2030-03-04T15:00:00.000Z']);
    // 45-minute slots fit twice in two hours.
    expect(freeSlots(availability, '2030-03-04', 'Asia/Tokyo', NOW)).toEqual(['2030-03-04T14:00:00.000Z', '2030-03-04T14:45:00.000Z']);
    expect(freeSlots(availability, '2030-03-04', 'America/New_York', NOW)).toEqual(['2030-03-04T14:00:00.000Z', '2030-03-04T14:45:00.000Z']);
    expect(freeSlots(availability, '2030-03-05', 'America/New_York', NOW)).toEqual([]);
  });

  it('leaves out taken slots, slots too soon and days past the horizon; checks a requested start', () => {
    expect(freeSlots(availability, '2030-03-04', 'UTC', NOW, new Set(['2030-03-04T14:00:00.000Z']))).toEqual(['2030-03-04T14:45:00.000Z']);
    expect(freeSlots(availability, '2030-03-04', 'UTC', Date.parse('2030-03-04T13:30:00Z'))).toEqual(['2030-03-04T14:45:00.000Z']);
    expect(freeSlots(availability, '2030-06-03', 'UTC', NOW)).toEqual([]);
    expect(offeredSlot(availability, '2030-03-04T14:45:00.000Z', NOW)).toBe('2030-03-04T14:45:00.000Z');
    expect(offeredSlot(availability, '2030-03-04T14:30:00.000Z', NOW)).toBeNull();
  });

  it('knows one instant however it is spelt, and answers the one canonical spelling of an offered slot', () => {
    const spellings = ['2030-03-04T14:45:00.000Z', '2030-03-04T14:45:00Z', '2030-03-04T14:45:00.000+00:00', '2030-03-04T16:45:00.000+02:00', '2030-03-04T09:45-0500', '2030-03-04T14:45Z'];
    for (const spelling of spellings) {
      expect(slotInstant(spelling), spelling).toBe('2030-03-04T14:45:00.000Z');
      expect(offeredSlot(availability, spelling, NOW), spelling).toBe('2030-03-04T14:45:00.000Z');
    }
    // Off the grid by a second, a minute, or an hour in another zone: not a slot.
    for (const offGrid of ['2030-03-04T14:45:01.000Z', '2030-03-04T14:46:00Z', '2030-03-04T14:45:00.000+02:00']) expect(offeredSlot(availability, offGrid, NOW), offGrid).toBeNull();
    // Not an instant: no offset (whose 14:45?), a date alone, words, a number, an impossible time.
    for (const bad of ['2030-03-04T14:45:00', '2030-03-04', 'tomorrow at ten', '1899296700000', '2030-03-04T25:00:00Z', '2030-02-30T14:45:00Z', ' 2030-03-04T14:45:00Z']) {
      expect(slotInstant(bad), bad).toBeNull();
      expect(offeredSlot(availability, bad, NOW), bad).toBeNull();
    }
  });

  it('follows daylight saving time in the organizer’s zone', () => {
    // 11 March 2030 is after the US switch to EDT: 09:00 is 13:00 UTC.
    expect(freeSlots(availability, '2030-03-11', 'UTC', NOW)[0]).toBe('2030-03-11T13:00:00.000Z');
  });

  it('refunds a cancellation only inside the rule', () => {
    expect(refundableCancellation(availability, '2030-03-04T14:00:00.000Z', Date.parse('2030-03-03T13:00:00Z'))).toBe(true);
    expect(refundableCancellation(availability, '2030-03-04T14:00:00.000Z', Date.parse('2030-03-03T15:00:00Z'))).toBe(false);
    expect(refundableCancellation({ cancellationHours: 0 }, '2030-03-04T14:00:00.000Z', NOW)).toBe(false);
  });
});
