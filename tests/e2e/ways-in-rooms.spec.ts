/**
 * Ways into the encoder screen from a room (issue 25): the host broadcast room (/hbc) links to
 * "Stream from OBS / an encoder" for its own event, once, with no older link beside it that forgets
 * which event it is for. The organizer publishes there, so the browser has the fake camera and
 * microphone.
 */
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { MEDIA_BROWSER } from './media-helpers';
import { shootBothWidths } from './paths-screens';
import { createUser, signInContext } from './session-helpers';

const T = 'aurora';
test.use(MEDIA_BROWSER);

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'lng', value: 'en', domain: `${T}.localhost`, path: '/' }]);
});

test('/hbc has one way to the encoder screen, and it carries the event', async ({ page, context, request }) => {
  test.slow();
  const organizer = await createUser(T, 'hbc-org', 'organizer');
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-2), layout: 'hbc' });
  await context.grantPermissions(['camera', 'microphone'], { origin: tenantUrl(T, '') });
  await signInContext(context, request, organizer);
  await page.goto(tenantUrl(T, `/hbc?event=${event.eventId}`));
  await pageHydrated(page);
  const room = page.getByTestId('room');
  await expect(room.getByTestId('restream-note')).toBeVisible();
  await expect(room.getByRole('link', { name: 'Stream from OBS / an encoder' })).toHaveAttribute('href', `/rtmpKey?eventId=${event.eventId}`);
  // No second, older link to the key screens that forgets which event it is for.
  await expect(page.locator('a[href^="/rtmpKey"], a[href^="/srtKey"]')).toHaveCount(1);
  await shootBothWidths(page, 'hbc-organizer-encoder-link');
});
