import { readFile } from 'node:fs/promises';
import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { testMark } from './marks';
import { createUser, hydrated, signInContext } from './session-helpers';

/**
 * Event series (docs/decisions/0080): an organizer schedules a weekly series of three, finds its
 * occurrences in My events and on the calendar (marked as a series), changes the time of "this and
 * the following" from the second, and downloads the second's calendar file with the new rule.
 */
const ZONE = 'Europe/Paris';
const field = (page: Page, name: string) => page.locator(`#event-${name}`);

async function occurrenceIds(page: Page, title: string): Promise<string[]> {
  await page.goto(tenantUrl('aurora', '/userDashboard?tab=MyEvents'));
  await hydrated(page);
  const rows = page.getByTestId('my-events-organizing').locator('[data-testid="my-event"]').filter({ hasText: title });
  await expect(rows).toHaveCount(3);
  return rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-event-id')!));
}

async function openEdit(page: Page, eventId: string) {
  await page.goto(tenantUrl('aurora', `/scheduleEvents?event=${eventId}`));
  await hydrated(page);
}

test.describe('event series', () => {
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'lng', value: 'en', domain: 'aurora.localhost', path: '/' }]);
  });

  test('a weekly series of three: listed and on the calendar, "this and following" from the second, the .ics carries the rule', async ({ page, context, request }) => {
    await signInContext(context, request, await createUser('aurora', 'series', 'organizer'));
    const first = DateTime.now().setZone(ZONE).plus({ days: 14 }).startOf('day');
    const day = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'][first.weekday - 1]!;
    const title = `Weekly club ${testMark()}`;

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(tenantUrl('aurora', '/scheduleEvents'));
    await hydrated(page);
    await field(page, 'title').fill(title);
    await field(page, 'date').fill(first.toFormat('yyyy-MM-dd'));
    await field(page, 'time').fill('18:00');
    await field(page, 'eventTimeZone').fill(ZONE);
    // Nothing repeats until asked; weekly offers the days, the start's day already chosen.
    await expect(field(page, 'count')).toHaveCount(0);
    await field(page, 'repeat').selectOption('weekly');
    await expect(field(page, `byDay-${day}`)).toBeChecked();
    await expect(field(page, 'ends-count')).toBeChecked();
    await expect(page.getByTestId('series-fields')).toContainText('From 2 to 52 events.');
    await field(page, 'count').fill('3');
    await page.getByTestId('series-fields').screenshot({ path: 'test-results/series-form-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('series-fields').scrollIntoViewIfNeeded();
    await page.getByTestId('series-fields').screenshot({ path: 'test-results/series-form-390.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('event-submit').click();

    await expect(page).toHaveURL(/\/scheduleEvents\?event=[a-z0-9]{12}&saved=1/);
    await expect(page.getByTestId('series-occurrence')).toHaveText('This event is number 1 of 3 in a series.');
    const ids = await occurrenceIds(page, title);
    expect(new URL(page.url()).searchParams.get('event') ?? ids[0]).toBe(ids[0]);

    // The calendar lists every occurrence (the server's agenda), each marked as a series.
    const from = first.minus({ days: 1 }).toUTC().toISO()!;
    const to = first.plus({ days: 20 }).toUTC().toISO()!;
    const calendar = await (await tenantApi(request, 'aurora').get(`/eventsCalendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).text();
    for (const id of ids) expect(calendar).toContain(`data-event-id="${id}"`);
    expect(calendar.match(/data-testid="series-mark"/g)?.length ?? 0).toBeGreaterThanOrEqual(3);

    // The second: this and the following move to 19:00 with a new title.
    await openEdit(page, ids[1]!);
    await expect(page.getByTestId('series-occurrence')).toHaveText('This event is number 2 of 3 in a series.');
    await expect(field(page, 'scope-this')).toBeChecked();
    await field(page, 'scope-following').check();
    await expect(field(page, 'repeat')).toHaveValue('weekly');
    await expect(field(page, 'count')).toHaveValue('3');
    await page.getByTestId('series-fields').screenshot({ path: 'test-results/series-edit-1280.png' });
    await field(page, 'time').fill('19:00');
    await field(page, 'title').fill(`${title} late`);
    await page.getByTestId('event-submit').click();
    await expect(page).toHaveURL(new RegExp(`/scheduleEvents\\?event=${ids[1]}&updated=1`));
    await expect(page.getByTestId('series-occurrence')).toHaveText('This event is number 1 of 2 in a series.');
    await expect(field(page, 'time')).toHaveValue('19:00');

    // The first keeps its time and title; the third followed.
    await openEdit(page, ids[0]!);
    await expect(field(page, 'time')).toHaveValue('18:00');
    await expect(field(page, 'title')).toHaveValue(title);
    await expect(page.getByTestId('series-occurrence')).toHaveText('This event is number 1 of 1 in a series.');
    await openEdit(page, ids[2]!);
    await expect(field(page, 'time')).toHaveValue('19:00');
    await expect(field(page, 'title')).toHaveValue(`${title} late`);
    await expect(page.getByTestId('series-occurrence')).toHaveText('This event is number 2 of 2 in a series.');

    // The second's calendar file: the new series from its start, 19:00 in Paris, two occurrences.
    await page.goto(tenantUrl('aurora', `/preview?event=${ids[1]}`));
    await hydrated(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ics-download').click()]);
    const ics = await readFile((await download.path())!, 'utf8');
    const second = first.plus({ weeks: 1 });
    expect(ics).toContain(`DTSTART;TZID=${ZONE}:${second.toFormat('yyyyMMdd')}T190000`);
    expect(ics).toContain(`RRULE:FREQ=WEEKLY;BYDAY=${day};COUNT=2`);
    // The first's file: its series now ends after it.
    const firstIcs = await (await tenantApi(request, 'aurora').get(`/api/tickets/ics?event=${ids[0]}`)).text();
    expect(firstIcs).toContain(`DTSTART;TZID=${ZONE}:${first.toFormat('yyyyMMdd')}T180000`);
    expect(firstIcs).toContain(`RRULE:FREQ=WEEKLY;BYDAY=${day};COUNT=1`);
  });

  test('a single event made into a series by its edit; one occurrence moved alone shows in the .ics as RECURRENCE-ID', async ({ page, context, request }) => {
    await signInContext(context, request, await createUser('aurora', 'series-convert', 'organizer'));
    const first = DateTime.now().setZone(ZONE).plus({ days: 21 }).startOf('day');
    const title = `Clinic ${testMark()}`;
    await page.goto(tenantUrl('aurora', '/scheduleEvents'));
    await hydrated(page);
    await field(page, 'title').fill(title);
    await field(page, 'date').fill(first.toFormat('yyyy-MM-dd'));
    await field(page, 'time').fill('18:00');
    await field(page, 'eventTimeZone').fill(ZONE);
    await page.getByTestId('event-submit').click();
    await expect(page).toHaveURL(/\/scheduleEvents\?event=[a-z0-9]{12}&saved=1/);
    const single = new URL(page.url()).searchParams.get('event')!;
    await expect(page.getByTestId('series-occurrence')).toHaveCount(0);

    // Its edit form offers the repeat rule: daily, three events; it becomes the first of them.
    await openEdit(page, single);
    await expect(field(page, 'repeat')).toHaveValue('');
    await field(page, 'repeat').selectOption('daily');
    await field(page, 'count').fill('3');
    await page.getByTestId('event-submit').click();
    await expect(page).toHaveURL(new RegExp(`/scheduleEvents\\?event=${single}&updated=1`));
    await expect(page.getByTestId('series-occurrence')).toHaveText('This event is number 1 of 3 in a series.');
    const ids = await occurrenceIds(page, title);
    expect(ids[0]).toBe(single);

    // The second, alone, moves to 18:30 and gets a title of its own.
    await openEdit(page, ids[1]!);
    await expect(field(page, 'scope-this')).toBeChecked();
    await field(page, 'time').fill('18:30');
    await field(page, 'title').fill(`${title} (moved)`);
    await page.getByTestId('event-submit').click();
    await expect(page).toHaveURL(new RegExp(`/scheduleEvents\\?event=${ids[1]}&updated=1`));

    const lines = (await (await tenantApi(request, 'aurora').get(`/api/tickets/ics?event=${ids[0]}`)).text()).replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(lines).toContain(`DTSTART;TZID=${ZONE}:${first.toFormat('yyyyMMdd')}T180000`);
    expect(lines).toContain('RRULE:FREQ=DAILY;COUNT=3');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    const second = first.plus({ days: 1 });
    expect(lines).toContain(`RECURRENCE-ID;TZID=${ZONE}:${second.toFormat('yyyyMMdd')}T180000`);
    expect(lines).toContain(`DTSTART:${second.set({ hour: 18, minute: 30 }).toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'")}`);
    expect(lines).toContain(`SUMMARY:${title} (moved)`);
  });
});
