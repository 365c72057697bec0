import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { expect, tenantUrl, test } from './fixtures';
import { createUser, hydrated, signInContext } from './session-helpers';
import { e2eData } from './events-helpers';
import { testMark } from './marks';

/** Forms that do not act on a stray key: Enter in a combobox never submits, Paid needs a price, "(optional)" once. */
const ZONE = 'America/New_York';
const inDays = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toFormat('yyyy-MM-dd');
const field = (page: Page, name: string) => page.locator(`#event-${name}`);

test.describe('the event form and the keyboard', () => {
  test.beforeEach(async ({ context }) => {
    for (const tenant of ['aurora', 'lumiere', 'solana']) await context.addCookies([{ name: 'lng', value: 'en', domain: `${tenant}.localhost`, path: '/' }]);
  });

  test('Enter in the time-zone field does not submit; a paid event needs its price before it is saved', async ({ page, context, request }) => {
    const organizer = await createUser('aurora', 'keys', 'organizer');
    await signInContext(context, request, organizer);
    await page.goto(tenantUrl('aurora', '/scheduleEvents'));
    await hydrated(page);
    const title = `Paid masterclass ${testMark()}`;
    await field(page, 'title').fill(title);
    await field(page, 'date').fill(inDays(12));
    await field(page, 'time').fill('19:00');
    // The organizer types the zone and presses Enter to take the suggestion: nothing is sent.
    await field(page, 'eventTimeZone').fill(ZONE);
    await field(page, 'eventTimeZone').press('Enter');
    await expect(field(page, 'eventTimeZone')).toBeFocused();
    await expect(field(page, 'eventTimeZone')).toHaveValue(ZONE);
    // Still the empty "schedule" form, not a saved event (the form would post and redirect).
    await field(page, 'admission').selectOption('paid');
    await expect(page).toHaveURL(tenantUrl('aurora', '/scheduleEvents'));
    await expect(page.getByTestId('notice-created')).toHaveCount(0);

    // Paid without a price: a field error, and nothing typed is lost (Paid stays chosen).
    await page.getByTestId('event-submit').click();
    await expect(page.getByTestId('error-ticketPrice')).toHaveText('Enter a price such as 15 or 15.50, more than zero.');
    await expect(field(page, 'admission')).toHaveValue('paid');
    await expect(field(page, 'title')).toHaveValue(title);
    await expect(field(page, 'eventTimeZone')).toHaveValue(ZONE);
    await expect(page).toHaveURL(tenantUrl('aurora', '/scheduleEvents'));

    // Enter in the price field (a plain text field) still saves, as a form should.
    await field(page, 'ticketPrice').fill('15');
    await field(page, 'ticketPrice').press('Enter');
    await expect(page).toHaveURL(/\/scheduleEvents\?event=[a-z0-9]{12}&saved=1$/);
    await expect(field(page, 'admission')).toHaveValue('paid');
    await expect(field(page, 'ticketPrice')).toHaveValue('15');
  });

  test('Enter in the time-zone field of the consultation settings does not save them', async ({ page, context, request }) => {
    const organizer = await createUser('aurora', 'keysconsult', 'organizer');
    const channelName = `Keys ${testMark()}`;
    const channel = await e2eData('aurora').channels.create({ userId: organizer.sub, name: 'Olivia' }, { name: channelName, about: 'Advice sessions.', introVideoId: null, links: [] }, 'USD');
    await signInContext(context, request, organizer);
    await page.goto(tenantUrl('aurora', '/userDashboard?tab=channels'));
    await hydrated(page);
    const panel = page.getByTestId('managed-channel').filter({ hasText: channelName });
    await panel.getByTestId('channel-consultations').click();
    const settings = panel.getByTestId('consult-settings');
    const zone = settings.getByLabel('Your time zone');
    await zone.fill('Europe/Paris');
    await zone.press('Enter');
    await expect(zone).toBeFocused();
    await expect(settings.getByTestId('form-alert')).toHaveCount(0);
    await expect(settings.getByTestId('consult-settings-message')).toHaveCount(0);
    expect(await e2eData('aurora').consultations.availability(channel.channelId)).toBeNull();
  });
});

/** How often a label says it is optional, in any of the platform's languages. */
const OPTIONAL_WORD = /optional|opcional|facultatif/gi;

async function labelsSayingOptionalTwice(page: Page): Promise<string[]> {
  const texts = await page.locator('label').allInnerTexts();
  return texts.filter((text) => (text.match(OPTIONAL_WORD) ?? []).length > 1);
}

/** Labels whose "(optional)" touches the word before it: a screen reader reads "Capacity(optional)". */
async function markersWithoutASpace(page: Page): Promise<string[]> {
  const texts = await page.locator('label').evaluateAll((labels) => labels.map((label) => label.textContent ?? ''));
  return texts.filter((text) => /\S\((optional|opcional|facultatif)\)/i.test(text));
}

for (const [tenant, language, capacity, capacityName] of [
  ['aurora', 'en', /^Capacity\s*\(optional\)$/, 'Capacity (optional)'],
  ['solana', 'es', /^Aforo\s*\(opcional\)$/, 'Aforo (opcional)'],
  ['lumiere', 'fr', /^Nombre de places\s*\(facultatif\)$/, 'Nombre de places (facultatif)'],
] as const) {
  test(`labels say they are optional once (${language})`, async ({ page, context, request }) => {
    await context.addCookies([{ name: 'lng', value: language, domain: `${tenant}.localhost`, path: '/' }]);
    const organizer = await createUser(tenant, 'optional', 'organizer');
    await signInContext(context, request, organizer);
    await page.goto(tenantUrl(tenant, '/scheduleEvents'));
    await hydrated(page);
    await field(page, 'admission').selectOption('paid');
    await expect(page.locator('label[for="event-capacity"]')).toHaveText(capacity);
    // The name a screen reader reads, with a real space before the marker.
    await expect(field(page, 'capacity')).toHaveAccessibleName(capacityName);
    await expect(page.getByLabel(capacityName, { exact: true })).toHaveAttribute('id', 'event-capacity');
    await expect(page.locator('label[for="event-replayPrice"]')).toHaveText(OPTIONAL_WORD);
    expect(await labelsSayingOptionalTwice(page)).toEqual([]);
    expect(await markersWithoutASpace(page)).toEqual([]);
    for (const path of ['/testScheduler', '/contactUs', '/requestInfo']) {
      await page.goto(tenantUrl(tenant, path));
      await expect(page.locator('form label').first()).toBeVisible();
      expect(await labelsSayingOptionalTwice(page), path).toEqual([]);
      expect(await markersWithoutASpace(page), path).toEqual([]);
    }
  });
}
