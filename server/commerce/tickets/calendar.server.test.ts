import { describe, expect, it } from 'vitest';
import { eventCalendar } from './calendar.server';

const event = {
  eventId: 'ev1',
  title: 'Weekly clinic',
  description: 'Bring questions.',
  eventDateTime: '2026-12-01T17:00:00.000Z',
  eventDuration: 60,
  eventTimeZone: 'Europe/Paris',
  organizerName: 'Ada',
};
const origin = 'https://events.acme.test';
/** The file's lines, unfolded (RFC 5545 folds long lines with CRLF + a space or tab). */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('calendar file', () => {
  it('stamped when written: the same event again is the same file with its own DTSTAMP; an edited event is a new file', () => {
    const first = eventCalendar(event, origin, null, Date.parse('2026-11-30T10:00:00.000Z'));
    const again = eventCalendar(event, origin, null, Date.parse('2026-11-30T10:05:07.400Z'));
    expect(lines(first)).toContain('DTSTAMP:20261130T100000Z');
    expect(lines(again)).toContain('DTSTAMP:20261130T100507Z');
    expect(again.replace('DTSTAMP:20261130T100507Z', 'DTSTAMP:20261130T100000Z')).toBe(first);
    const edited = lines(eventCalendar({ ...event, title: 'Monthly clinic' }, origin));
    expect(edited).toContain('SUMMARY:Monthly clinic');
    expect(lines(eventCalendar(event, 'https://other.acme.test'))).toContain('UID:ev1@other.acme.test');
  });

  it('one event: one VEVENT at its UTC start', () => {
    const l = lines(eventCalendar(event, origin));
    expect(l.filter((x) => x === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(l).toContain('DTSTART:20261201T170000Z');
    expect(l).toContain('UID:ev1@events.acme.test');
  });

  it('a series: the rule at its local start in its zone, cancelled dates as EXDATE', () => {
    const l = lines(
      eventCalendar(event, origin, {
        seriesId: 's1',
        rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4',
        dtstart: '2026-12-01T18:00',
        zone: 'Europe/Paris',
        exdates: ['2026-12-08T17:00:00.000Z'],
        overrides: [],
      }),
    );
    expect(l.filter((x) => x === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(l).toContain('DTSTART;TZID=Europe/Paris:20261201T180000');
    expect(l).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=4');
    expect(l).toContain('EXDATE;TZID=Europe/Paris:20261208T180000');
  });

  it('an occurrence moved alone: a second VEVENT with the same UID, the rule’s start as RECURRENCE-ID and its own start and title', () => {
    const l = lines(
      eventCalendar(event, origin, {
        seriesId: 's1',
        rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4',
        dtstart: '2026-12-01T18:00',
        zone: 'Europe/Paris',
        exdates: [],
        overrides: [{ eventId: 'ev3', originalStart: '2026-12-15T17:00:00.000Z', eventDateTime: '2026-12-16T18:30:00.000Z', eventDuration: 90, title: 'Weekly clinic (moved)' }],
      }),
    );
    expect(l.filter((x) => x === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(l.filter((x) => x === 'UID:series-s1@events.acme.test')).toHaveLength(2);
    expect(l).toContain('RECURRENCE-ID;TZID=Europe/Paris:20261215T180000');
    expect(l).toContain('DTSTART:20261216T183000Z');
    expect(l).toContain('SUMMARY:Weekly clinic (moved)');
    expect(l).toContain('DURATION:PT90M');
    expect(l).toContain('URL:https://events.acme.test/preview?event=ev3');
    // The master keeps its zoned start and rule.
    expect(l).toContain('DTSTART;TZID=Europe/Paris:20261201T180000');
  });
});
