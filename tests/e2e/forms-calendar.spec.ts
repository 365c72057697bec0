import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import sharp from 'sharp';
import type { Browser, Page } from '@playwright/test';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantApi, tenantUrl, test } from './fixtures';
import { createUser, hydrated, signInContext } from './session-helpers';

/**
 * Forms that help (/scheduleEvents: every error at the first submit, rule messages, counters,
 * focus on the error summary, images before the first save) and a calendar that reads well
 * (popovers, "+N more", crowded hours, server-rendered agenda, translated labels).
 */
const ZONE = 'America/New_York';
const inDays = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toFormat('yyyy-MM-dd');
const field = (page: Page, name: string) => page.locator(`#event-${name}`);
const word = () => `w${randomBytes(5).toString('hex')}`;

async function contextIn(browser: Browser, tenant: string, language: string, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: 'lng', value: language, domain: `${tenant}.localhost`, path: '/' }]);
  return context;
}

test.describe('the event form', () => {
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'lng', value: 'en', domain: 'aurora.localhost', path: '/' }]);
  });

  test('several bad fields: all reported at the first submit, focus on the summary, counters, over-long text refused and kept', async ({ page, context, request }) => {
    await signInContext(context, request, await createUser('aurora', 'fc-errors', 'organizer'));
    await page.goto(tenantUrl('aurora', '/scheduleEvents'));
    await hydrated(page);

    // A counter under the title follows typing, politely announced, and nothing cuts the text.
    await expect(field(page, 'title')).not.toHaveAttribute('maxlength', /.*/);
    await field(page, 'title').fill('x'.repeat(42));
    await expect(page.getByTestId('counter-title')).toContainText('42 / 120');
    await expect(page.getByTestId('counter-title-live')).toHaveAttribute('aria-live', 'polite');
    await expect(field(page, 'title')).toHaveAttribute('aria-describedby', /event-title-count/);
    const long = 'Long title '.repeat(12) + 'end'; // 135 characters
    await field(page, 'title').fill(long);
    await expect(field(page, 'title')).toHaveValue(long);
    await expect(page.getByTestId('counter-title')).toContainText('135 / 120');
    await expect(page.getByTestId('counter-title')).toHaveAttribute('data-over', 'true');
    await expect(page.getByTestId('counter-description')).toContainText('0 / 5,000');

    // A past date together with an unknown zone and a bad duration: all of them at once.
    await field(page, 'date').fill(inDays(-3));
    await field(page, 'eventTimeZone').fill('Mars/Olympus_Mons');
    await field(page, 'eventDuration').fill('5');
    await page.getByTestId('event-submit').click();

    const summary = page.getByTestId('form-alert');
    await expect(summary).toBeFocused();
    await expect(summary).toHaveAttribute('role', 'alert');
    await expect(page.getByTestId('error-title')).toHaveText('At most 120 characters. Shorten it; your text is kept.');
    await expect(page.getByTestId('error-date')).toHaveText('Must be in the future: this start has already passed. Choose a later date or time.');
    await expect(page.getByTestId('error-eventTimeZone')).toContainText('This time zone is unknown.');
    await expect(page.getByTestId('error-eventDuration')).toHaveText('The duration must be between 15 and 480 minutes.');
    for (const name of ['title', 'date', 'eventTimeZone', 'eventDuration']) await expect(summary.locator(`a[href="#event-${name}"]`)).toHaveCount(1);
    await expect(field(page, 'title')).toHaveValue(long);
    await expect(page.getByTestId('counter-title')).toContainText('135 / 120');

    // Fixing some fields and failing again moves the focus to the summary again.
    await field(page, 'eventTimeZone').fill(ZONE);
    // Enter on the submit button (Enter in the time-zone combobox never submits): focus it until it holds.
    const submit = page.getByTestId('event-submit');
    await expect(async () => {
      await submit.focus();
      await expect(submit).toBeFocused({ timeout: 1_000 });
    }).toPass();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('error-eventTimeZone')).toHaveCount(0);
    await expect(summary).toBeFocused();

    // Without the browser: the server refuses the over-long title with a 400 and sends it back whole.
    const cookie = (await context.cookies(tenantUrl('aurora', '/'))).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await tenantApi(request, 'aurora').post('/scheduleEvents', {
      form: { intent: 'create', title: long, date: inDays(3), time: '10:00', eventTimeZone: ZONE, eventDuration: '60', layout: 'ils', enableRecording: 'cloud', recordingDestination: 'cloud' },
      headers: { Cookie: cookie, Origin: new URL(tenantUrl('aurora', '/')).origin },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(400);
    const html = await res.text();
    expect(html).toContain('At most 120 characters.');
    expect(html).toContain(`value="${long}"`);
  });

  test('a poster chosen before the first save is on the created event', async ({ page, context, request }) => {
    test.slow();
    await signInContext(context, request, await createUser('aurora', 'fc-poster', 'organizer'));
    await page.goto(tenantUrl('aurora', '/scheduleEvents'));
    await hydrated(page);
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 60, b: 90 } } }).png().toBuffer();
    await page.getByTestId('event-image-input').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('event-image-done')).toBeVisible({ timeout: 30_000 });
    for (const size of ['thumbnail', 'banner', 'poster']) await expect(page.getByTestId(`event-image-preview-${size}`)).toBeVisible();

    const title = `Poster first ${word()}`;
    await field(page, 'title').fill(title);
    await field(page, 'date').fill(inDays(9));
    await field(page, 'time').fill('19:00');
    await field(page, 'eventTimeZone').fill(ZONE);
    await page.getByTestId('event-submit').click();
    await expect(page).toHaveURL(/\/scheduleEvents\?event=[a-z0-9]{12}&saved=1$/);
    await expect(page.getByTestId('event-title')).toHaveText(title);
    await expect(page.getByTestId('event-image-attach-error')).toHaveCount(0);
    const poster = page.getByTestId('event-image-poster');
    await expect(poster).toBeVisible({ timeout: 30_000 });
    expect(await poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
  });
});

test.describe('/eventsCalendar', () => {
  const organizer = { sub: 'fc-organizer', name: 'Cal Organizer', email: 'cal@example.com', language: 'en' };

  test('five events at one hour stay readable in the week view; "+N more" opens a list; Esc gives the focus back', async ({ browser }) => {
    test.slow();
    const w = word();
    // 14:00 UTC on a day two to four weeks ahead, on a tenant the other calendar tests leave alone.
    const day = DateTime.utc().plus({ days: 14 + Math.floor(Math.random() * 14) }).set({ hour: 14, minute: 0, second: 0, millisecond: 0 });
    const titles = ['A', 'B', 'C', 'D', 'E'].map((l) => `Crowd ${l} ${w}`);
    for (const title of titles) await seedEvent('lumiere', organizer, { title, eventDateTime: day.toISO()!, eventDuration: 60 });
    await seedEvent('lumiere', organizer, { title: `Evening ${w}`, eventDateTime: day.set({ hour: 19 }).toISO()!, eventDuration: 60 });

    const context = await contextIn(browser, 'lumiere', 'en', { timezoneId: 'UTC', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(tenantUrl('lumiere', `/eventsCalendar?v=${w}`));
    const calendar = page.getByTestId('events-calendar');
    await expect(calendar).toHaveAttribute('data-view', 'month');
    const label = calendar.locator('.rbc-toolbar-label');
    const month = day.toFormat('LLLL yyyy', { locale: 'en-US' });
    for (let i = 0; i < 3 && (await label.textContent()) !== month; i++) await calendar.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(label).toHaveText(month);

    // Month: the crowded day offers "+N more", which opens our list; Esc closes it and returns focus.
    const cell = calendar.locator('.rbc-month-row').filter({ has: page.locator(`[data-local-date="${day.toFormat('yyyy-MM-dd')}"]`) });
    const more = cell.locator('.rbc-show-more').first();
    await expect(more).toBeVisible();
    await more.focus();
    await page.keyboard.press('Enter');
    const list = page.getByTestId('calendar-day-list');
    await expect(list).toBeVisible();
    for (const title of titles) await expect(list).toContainText(title);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(more).toBeFocused();

    // Week: no sliver. Every block is at least 60 px wide; the five are listed from one block.
    await calendar.locator('.rbc-date-cell:not(.rbc-off-range) button', { hasText: new RegExp(`^${day.toFormat('dd')}$`) }).click();
    await expect(calendar).toHaveAttribute('data-view', 'week');
    const blocks = calendar.locator('.rbc-day-slot .rbc-event');
    await expect(blocks.first()).toBeVisible();
    for (const box of await blocks.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width))) expect(box).toBeGreaterThanOrEqual(60);
    const group = calendar.getByTestId('calendar-group').first();
    await expect(group).toContainText(/\d+ events/);
    await group.click();
    for (const title of titles) await expect(list).toContainText(title);
    await page.keyboard.press('Escape');
    await expect(group).toBeFocused();

    // One event: a branded popover with its time and the way in; Esc returns to the event.
    const evening = calendar.locator('[data-testid="calendar-event"]', { hasText: `Evening ${w}` });
    await evening.click();
    const popover = page.getByTestId('calendar-popover');
    await expect(popover).toBeVisible();
    await expect(popover).toContainText(`Evening ${w}`);
    await expect(popover).toContainText('7:00');
    await expect(popover.getByTestId('calendar-event-action')).toHaveText('Register');
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(evening).toBeFocused();
    await context.close();
  });

  test('the first HTML already lists the period’s events, with no skeleton', async ({ request }) => {
    const w = word();
    const event = await seedEvent('aurora', organizer, { title: `Server listed ${w}`, eventDateTime: minutesFromNow(150) });
    const res = await tenantApi(request, 'aurora').get(`/eventsCalendar?v=${w}`, { headers: { Cookie: 'lng=en' } });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`Server listed ${w}`);
    expect(html).toContain(`href="/preview?event=${event.eventId}"`);
    expect(html).not.toContain('calendar-skeleton');
  });

  for (const [tenant, language, month] of [
    ['solana', 'es', 'Mes'],
    ['lumiere', 'fr', 'Mois'],
  ] as const) {
    test(`every calendar label is in ${language}`, async ({ browser }) => {
      const context = await contextIn(browser, tenant, language, { viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(tenantUrl(tenant, `/eventsCalendar?v=${word()}`));
      await pageHydrated(page);
      const calendar = page.getByTestId('events-calendar');
      await expect(calendar.locator('.rbc-month-view')).toHaveAttribute('aria-label', month);
      const english = ['Month View', 'Week View', 'Close', 'Previous', 'Next', 'Today', 'Back', 'Show more'];
      const labels = await page.locator('[aria-label]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
      expect(labels.filter((l) => english.includes(l))).toEqual([]);
      await context.close();
    });
  }
});
