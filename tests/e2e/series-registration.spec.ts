import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { e2eData } from './events-helpers';
import { expect, tenantUrl, test } from './fixtures';
import { testMark } from './marks';
import { createUser, hydrated, signInContext } from './session-helpers';
import { sentMails } from './tickets-helpers';

/**
 * Whole-series registration (docs/decisions/0085): an organizer schedules a weekly series of three
 * free sessions with seats; a participant, on the second session's page (390 px), chooses "All
 * sessions in the series" with the keyboard and registers once: every session's page then says they
 * are registered, My events lists the three, and one confirmation mail carries the series' calendar
 * file with its RRULE. Screens go to /tmp/series-registration-*.png.
 */
const T = 'aurora';
const ZONE = 'Europe/Paris';
const field = (page: Page, name: string) => page.locator(`#event-${name}`);

test('a participant registers once for every session of a series; one mail with the series .ics', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const orgUser = await createUser(T, 'sreg-org', 'organizer');
  const parUser = await createUser(T, 'sreg-par');
  const title = `Series signup ${testMark()}`;
  const first = DateTime.now().setZone(ZONE).plus({ days: 3 }).startOf('day');

  const org = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await org.addCookies([{ name: 'lng', value: 'en', domain: `${T}.localhost`, path: '/' }]);
  await signInContext(org, request, orgUser);
  const page = await org.newPage();
  await page.goto(tenantUrl(T, '/scheduleEvents'));
  await hydrated(page);
  await field(page, 'title').fill(title);
  await field(page, 'date').fill(first.toFormat('yyyy-MM-dd'));
  await field(page, 'time').fill('18:00');
  await field(page, 'eventTimeZone').fill(ZONE);
  await field(page, 'repeat').selectOption('weekly');
  await field(page, 'count').fill('3');
  await field(page, 'capacity').fill('20');
  await page.getByTestId('event-submit').click();
  await expect(page).toHaveURL(/\/scheduleEvents\?event=[a-z0-9]{12}&saved=1/);
  const firstId = new URL(page.url()).searchParams.get('event')!;
  const data = e2eData(T);
  const seriesId = (await data.events.get(firstId))!.seriesId!;
  const ids = (await data.events.series.get(seriesId))!.eventIds;
  expect(ids).toHaveLength(3);
  await org.close();

  const par = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await par.addCookies([{ name: 'lng', value: 'en', domain: `${T}.localhost`, path: '/' }]);
  await signInContext(par, request, parUser);
  const visitor = await par.newPage();
  await visitor.goto(tenantUrl(T, `/preview?event=${ids[1]}`));
  await hydrated(visitor);
  const choice = visitor.getByTestId('series-choice');
  await expect(choice).toContainText('This session only');
  await expect(choice).toContainText('All sessions in the series (3 upcoming)');
  const one = visitor.getByRole('radio', { name: 'This session only' });
  const all = visitor.getByRole('radio', { name: 'All sessions in the series (3 upcoming)' });
  await expect(one).toBeChecked();
  // Keyboard: the group is one tab stop; the arrow key moves the choice.
  await one.focus();
  await visitor.keyboard.press('ArrowDown');
  await expect(all).toBeChecked();
  await visitor.getByTestId('access-panel').screenshot({ path: '/tmp/series-registration-choice-390.png' });
  await visitor.setViewportSize({ width: 1280, height: 800 });
  await visitor.getByTestId('access-panel').screenshot({ path: '/tmp/series-registration-choice-1280.png' });
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.getByTestId('register').click();
  await expect(visitor.getByTestId('access-holding')).toBeVisible();
  await expect(visitor.getByTestId('series-registered')).toContainText('You are registered for all sessions in this series (3 upcoming).');
  await expect(visitor.getByTestId('series-full')).toHaveCount(0);
  await visitor.getByTestId('access-panel').screenshot({ path: '/tmp/series-registration-done-390.png' });
  await visitor.setViewportSize({ width: 1280, height: 800 });
  await visitor.evaluate(() => window.scrollTo(0, 0));
  await visitor.screenshot({ path: '/tmp/series-registration-done-1280.png' });

  // Two other sessions' pages: registered there too, nothing more to choose.
  for (const id of [ids[0]!, ids[2]!]) {
    await visitor.goto(tenantUrl(T, `/preview?event=${id}`));
    await hydrated(visitor);
    await expect(visitor.getByTestId('access-holding')).toBeVisible();
    await expect(visitor.getByTestId('series-registered')).toBeVisible();
    await expect(visitor.getByTestId('series-choice')).toHaveCount(0);
    expect(await data.tickets.ticket(id, parUser.sub)).not.toBeNull();
  }

  // My events lists every session.
  await visitor.getByTestId('series-my-events').click();
  await expect(visitor).toHaveURL(/tab=MyEvents/);
  await hydrated(visitor);
  for (const id of ids) await expect(visitor.locator(`[data-testid="my-event"][data-event-id="${id}"]`).first()).toBeVisible();
  await visitor.screenshot({ path: '/tmp/series-registration-my-events-1280.png' });

  // One confirmation mail, its calendar file the series (RRULE, one UID).
  await expect.poll(() => sentMails().filter((m) => m.to === parUser.username && m.subject.includes(title)).length).toBe(1);
  const mail = sentMails().find((m) => m.to === parUser.username && m.subject.includes(title))!;
  const ics = mail.attachments!.find((a) => a.filename.endsWith('.ics'))!.content.replace(/\r\n[ \t]/g, '');
  expect(ics).toContain('RRULE:FREQ=WEEKLY');
  expect(ics).toContain(`UID:series-${seriesId}@`);
  expect(ics).toMatch(new RegExp(`DTSTART;TZID=${ZONE}:${first.toFormat('yyyyMMdd')}T180000`));
  await par.close();

  // A paid session of a series: its ticket is per session, and the page says so (no series choice).
  const third = (await data.events.get(ids[2]!))!;
  await data.events.update(ids[2]!, { ...third, ticketPrice: 900 });
  const anon = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await anon.addCookies([{ name: 'lng', value: 'en', domain: `${T}.localhost`, path: '/' }]);
  const guest = await anon.newPage();
  await guest.goto(tenantUrl(T, `/preview?event=${ids[2]}`));
  await expect(guest.getByTestId('series-paid-note')).toHaveText('Tickets are sold per session: each session of this series needs its own ticket.');
  await expect(guest.getByTestId('series-choice')).toHaveCount(0);
  await guest.getByTestId('access-panel').screenshot({ path: '/tmp/series-registration-paid-390.png' });
  await anon.close();
});
