import { describe, expect, it } from 'vitest';
import { defaultEventFormValues, eventFormValues, parseEventForm, splitHosts, type ParseOptions } from './form';
import { MAX_HOSTS, type EventRecord } from './model';

const now = Date.parse('2026-03-01T12:00:00.000Z');
const options = { now, languages: ['en', 'es'], defaultLanguage: 'en' };

const good = {
  title: 'Spring launch',
  description: 'All about it.',
  date: '2026-04-10',
  time: '18:30',
  eventTimeZone: 'America/New_York',
  eventDuration: '90',
  eventLanguage: 'es',
  layout: 'ils',
  moderateChat: 'on',
  ownerOnlyBroadcast: 'on',
  reactions: 'on',
  enableRecording: 'cloud',
  recordingDestination: 'download',
  hosts: 'Ana@Example.com, bob@example.com\ncarl@example.com ana@example.com',
  admission: 'free',
};

function form(values: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

const errorsOf = (values: Record<string, unknown>, opts: ParseOptions = options) => {
  const out = parseEventForm(values, opts);
  if (out.ok) throw new Error('expected errors');
  return out;
};

describe('parseEventForm', () => {
  it('turns good input into the stored input: UTC start from the zone, flags, hosts', () => {
    const out = parseEventForm(form(good), options);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.input).toEqual({
      title: 'Spring launch',
      description: 'All about it.',
      // 18:30 in New York on 10 April 2026 (EDT, UTC−4).
      eventDateTime: '2026-04-10T22:30:00.000Z',
      eventDuration: 90,
      eventTimeZone: 'America/New_York',
      eventLanguage: 'es',
      layout: 'ils',
      moderateChat: true,
      ownerOnlyBroadcast: true,
      startVideoOff: false,
      startAudioOff: false,
      showTranscription: false,
      reactions: true,
      hostsAdmit: false,
      enableRecording: 'cloud',
      recordingDestination: 'download',
      trailerMediaId: '',
      hosts: ['ana@example.com', 'bob@example.com', 'carl@example.com'],
      // Free admission, no capacity or replay price.
      ticketPrice: 0,
      capacity: null,
      replayPrice: null,
      // No registration questions (docs/decisions/0083).
      registrationQuestions: [],
    });
  });

  it('treats absent checkboxes as unchecked and an empty duration as the default 60', () => {
    const out = parseEventForm({ ...good, moderateChat: undefined, ownerOnlyBroadcast: undefined, reactions: undefined, eventDuration: '' }, options);
    expect(out.ok && out.input.ownerOnlyBroadcast).toBe(false);
    expect(out.ok && out.input.reactions).toBe(false);
    expect(out.ok && out.input.moderateChat).toBe(false);
    expect(out.ok && out.input.eventDuration).toBe(60);
  });

  it('falls back to the default language when none is sent, and refuses one the tenant lacks', () => {
    expect(parseEventForm({ ...good, eventLanguage: '' }, options)).toMatchObject({ ok: true, input: { eventLanguage: 'en' } });
    expect(errorsOf({ ...good, eventLanguage: 'fr' }).errors.eventLanguage).toBe('schedule.errors.language');
  });

  it('checks the title length (3–120) and the description (≤ 5000), naming which bound was crossed', () => {
    expect(errorsOf({ ...good, title: ' ab ' }).errors.title).toBe('schedule.errors.titleShort');
    expect(errorsOf({ ...good, title: 'x'.repeat(121) }).errors.title).toBe('schedule.errors.titleLong');
    expect(parseEventForm({ ...good, title: 'x'.repeat(120) }, options).ok).toBe(true);
    expect(errorsOf({ ...good, description: 'x'.repeat(5001) }).errors.description).toBe('schedule.errors.description');
  });

  it('keeps an over-long title as typed, so the form shows it back', () => {
    const long = 'y'.repeat(200);
    expect(errorsOf({ ...good, title: long }).values.title).toBe(long);
  });

  it('reports a past date at once, even when the zone or the time is also wrong', () => {
    // Past in every zone on Earth: the other errors must not hide it until the next submit.
    expect(errorsOf({ ...good, date: '2026-02-20', eventTimeZone: 'Mars/Olympus_Mons' }).errors).toMatchObject({
      date: 'schedule.errors.past',
      eventTimeZone: 'schedule.errors.timeZone',
    });
    expect(errorsOf({ ...good, date: '2026-02-20', time: '25:99' }).errors).toMatchObject({ date: 'schedule.errors.past', time: 'schedule.errors.time' });
    expect(errorsOf({ ...good, date: '2026-02-20', eventTimeZone: '' }).errors.date).toBe('schedule.errors.past');
    // Within a day of now the zone decides: no guess.
    expect(errorsOf({ ...good, date: '2026-03-01', time: '10:00', eventTimeZone: 'Mars/Olympus_Mons' }).errors.date).toBeUndefined();
  });

  it('refuses a start in the past on the date field, and keeps the typed values', () => {
    const out = errorsOf({ ...good, date: '2026-03-01', time: '06:00' });
    expect(out.errors.date).toBe('schedule.errors.past');
    expect(out.values).toMatchObject({ date: '2026-03-01', time: '06:00', title: 'Spring launch', hosts: good.hosts });
  });

  it('accepts an unchanged past start when editing (keepStart)', () => {
    const past = '2026-03-01T11:00:00.000Z';
    // 05:00 in Chicago (CST, UTC−6) is 11:00 UTC: an hour before `now`.
    const out = parseEventForm({ ...good, date: '2026-03-01', time: '05:00', eventTimeZone: 'America/Chicago' }, { ...options, keepStart: past });
    expect(out).toMatchObject({ ok: true, input: { eventDateTime: past } });
    expect(errorsOf({ ...good, date: '2026-03-01', time: '04:00', eventTimeZone: 'America/Chicago' }, { ...options, keepStart: past }).errors.date).toBe(
      'schedule.errors.past',
    );
  });

  it('refuses durations out of 15..480 and non-integers', () => {
    expect(errorsOf({ ...good, eventDuration: '5' }).errors.eventDuration).toBe('schedule.errors.duration');
    expect(errorsOf({ ...good, eventDuration: '900' }).errors.eventDuration).toBe('schedule.errors.duration');
    expect(errorsOf({ ...good, eventDuration: '14' }).errors.eventDuration).toBe('schedule.errors.duration');
    expect(errorsOf({ ...good, eventDuration: '481' }).errors.eventDuration).toBe('schedule.errors.duration');
    expect(errorsOf({ ...good, eventDuration: '60.5' }).errors.eventDuration).toBe('schedule.errors.durationInteger');
    expect(errorsOf({ ...good, eventDuration: 'abc' }).errors.eventDuration).toBe('schedule.errors.durationInteger');
    expect(parseEventForm({ ...good, eventDuration: '15' }, options).ok).toBe(true);
    expect(parseEventForm({ ...good, eventDuration: '480' }, options).ok).toBe(true);
  });

  it('refuses an unknown time zone (and an empty one)', () => {
    expect(errorsOf({ ...good, eventTimeZone: 'Mars/Olympus_Mons' }).errors.eventTimeZone).toBe('schedule.errors.timeZone');
    expect(errorsOf({ ...good, eventTimeZone: '' }).errors.eventTimeZone).toBe('schedule.errors.timeZoneRequired');
  });

  it('refuses a time inside a daylight-saving gap, on the time field', () => {
    // 8 March 2026, 02:30 does not exist in New York (clocks jump from 02:00 to 03:00).
    expect(errorsOf({ ...good, date: '2026-03-08', time: '02:30' }).errors.time).toBe('schedule.errors.timeGap');
    expect(parseEventForm({ ...good, date: '2026-03-08', time: '03:30' }, options)).toMatchObject({
      ok: true,
      input: { eventDateTime: '2026-03-08T07:30:00.000Z' },
    });
  });

  it('accepts a local time that happens twice (daylight-saving overlap) as one real instant', () => {
    // 1 November 2026, 01:30 happens twice in New York; the model resolves it to standard time (EST, UTC−5).
    expect(parseEventForm({ ...good, date: '2026-11-01', time: '01:30' }, options)).toMatchObject({
      ok: true,
      input: { eventDateTime: '2026-11-01T06:30:00.000Z' },
    });
  });

  it('checks the date and time formats', () => {
    expect(errorsOf({ ...good, date: '' }).errors.date).toBe('schedule.errors.dateRequired');
    expect(errorsOf({ ...good, date: '2026-02-30' }).errors.date).toBe('schedule.errors.date');
    expect(errorsOf({ ...good, date: '10/04/2026' }).errors.date).toBe('schedule.errors.date');
    expect(errorsOf({ ...good, time: '' }).errors.time).toBe('schedule.errors.timeRequired');
    expect(errorsOf({ ...good, time: '24:00' }).errors.time).toBe('schedule.errors.time');
    expect(errorsOf({ ...good, time: '6pm' }).errors.time).toBe('schedule.errors.time');
    // Browsers may send seconds.
    expect(parseEventForm({ ...good, time: '18:30:00' }, options)).toMatchObject({ ok: true, input: { eventDateTime: '2026-04-10T22:30:00.000Z' } });
  });

  it('refuses unknown layouts and recording choices', () => {
    expect(errorsOf({ ...good, layout: 'zoom' }).errors.layout).toBe('schedule.errors.layout');
    expect(errorsOf({ ...good, enableRecording: 'tape' }).errors.enableRecording).toBe('schedule.errors.choice');
    expect(errorsOf({ ...good, recordingDestination: '' }).errors.recordingDestination).toBe('schedule.errors.choice');
  });

  it('takes a trailer as a media id or none, and refuses anything else on the trailer field', () => {
    const id = '0mwulvh7j38ad09910861';
    const out = parseEventForm({ ...good, trailerMediaId: id }, options);
    expect(out.ok && out.input.trailerMediaId).toBe(id);
    expect(errorsOf({ ...good, trailerMediaId: '../other-tenant' }).errors.trailerMediaId).toBe('schedule.errors.trailer');
    expect(errorsOf({ ...good, trailerMediaId: 'ABC' }).errors.trailerMediaId).toBe('schedule.errors.trailer');
  });

  it('names every bad host address and limits the number of hosts', () => {
    const out = errorsOf({ ...good, hosts: 'ok@example.com, not-an-email;also@bad' });
    expect(out.errors.hosts).toBe('schedule.errors.hosts');
    expect(out.invalidHosts).toEqual(['not-an-email', 'also@bad']);
    const many = Array.from({ length: MAX_HOSTS + 1 }, (_, i) => `h${i}@example.com`).join(' ');
    expect(errorsOf({ ...good, hosts: many }).errors.hosts).toBe('schedule.errors.hostsTooMany');
    expect(parseEventForm({ ...good, hosts: '' }, options)).toMatchObject({ ok: true, input: { hosts: [] } });
  });

  it('reports every failing field at once', () => {
    const out = errorsOf({ title: '', date: '', time: '', eventTimeZone: 'Nowhere/City', eventDuration: '5', layout: 'x' });
    expect(Object.keys(out.errors).sort()).toEqual(
      ['admission', 'date', 'enableRecording', 'eventDuration', 'eventTimeZone', 'layout', 'recordingDestination', 'time', 'title'].sort(),
    );
  });
});

describe('form values', () => {
  it('splits hosts on commas, semicolons, spaces and new lines', () => {
    expect(splitHosts(' a@x.io,b@x.io;\n c@x.io  d@x.io ')).toEqual(['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io']);
  });

  it('defaults a new form to tomorrow at the next full hour in the zone, 60 minutes, owner-only broadcast, cloud recording', () => {
    const v = defaultEventFormValues({ now: Date.parse('2026-03-01T12:20:00.000Z'), zone: 'Asia/Kolkata', language: 'es' });
    // 17:50 in Kolkata (UTC+5:30) → next full hour 18:00, tomorrow.
    expect(v).toMatchObject({ date: '2026-03-02', time: '18:00', eventTimeZone: 'Asia/Kolkata', eventDuration: '60', eventLanguage: 'es' });
    expect(v).toMatchObject({ ownerOnlyBroadcast: true, moderateChat: false, reactions: true, enableRecording: 'cloud', recordingDestination: 'cloud', layout: 'liveEventsContainer' });
    expect(defaultEventFormValues({ now, zone: 'Not/AZone', language: 'en' }).eventTimeZone).toBe('UTC');
    // The defaults themselves pass validation.
    const parsed = parseEventForm({ ...v, title: 'Defaults', ownerOnlyBroadcast: 'on' }, { ...options, languages: ['es'] });
    expect(parsed.ok).toBe(true);
  });

  it('shows a stored event in its own zone and round-trips through the parser', () => {
    const event = {
      title: 'Stored',
      description: '',
      eventDateTime: '2026-07-01T16:00:00.000Z',
      eventDuration: 45,
      eventTimeZone: 'Europe/Paris',
      eventLanguage: 'en',
      layout: 'pvs',
      moderateChat: false,
      ownerOnlyBroadcast: false,
      startVideoOff: true,
      startAudioOff: true,
      showTranscription: true,
      reactions: false,
      enableRecording: 'off',
      recordingDestination: 'cloud',
      hosts: ['a@example.com', 'b@example.com'],
    } as unknown as EventRecord;
    const values = eventFormValues(event);
    expect(values).toMatchObject({ date: '2026-07-01', time: '18:00', eventDuration: '45', hosts: 'a@example.com\nb@example.com' });
    const out = parseEventForm(
      Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? 'on' : undefined) : v])),
      options,
    );
    expect(out).toMatchObject({ ok: true, input: { eventDateTime: event.eventDateTime, startVideoOff: true, ownerOnlyBroadcast: false, reactions: false, hosts: event.hosts } });
  });
});
