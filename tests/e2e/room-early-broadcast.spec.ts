/**
 * A broadcast that goes live before the scheduled start (issue 25): the event's page shows the
 * live player and says the broadcast is live, never a running "Starts in" countdown beside the
 * "Live now" badge, and one state badge only (no "Doors open" beside the player's live badge); the
 * player's control bar spans the whole player. At 390 and 1280 px.
 */
import { seedLiveBroadcast } from './broadcast-helpers';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { DESKTOP, keepScreenshot, phone } from './room-phone-helpers';
import { createUser } from './session-helpers';

const T = 'aurora';

test('an early broadcast: the live player and no countdown beside it; its control bar spans the player', async ({ page }) => {
  test.setTimeout(90_000);
  const organizer = await createUser(T, 'early-org', 'organizer');
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(30) });
  await seedLiveBroadcast(T, event.eventId);
  for (const size of [phone(390), DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto(tenantUrl(T, `/preview?event=${event.eventId}`));
    await pageHydrated(page);
    const player = page.getByTestId('live-broadcast');
    await expect(player).toBeVisible({ timeout: 20_000 });
    await expect(player.getByTestId('live-badge')).toHaveText(/live/i);
    await expect(page.getByTestId('countdown')).toHaveCount(0);
    await expect(page.getByTestId('countdown-live')).toHaveText('The broadcast is live: watch it on this page.');
    // One state badge: the player's live badge, no "Doors open" beside it.
    await expect(page.locator('[data-testid="event-status"], [data-testid="live-badge"]')).toHaveCount(1);
    await expect(page.getByText('Doors open', { exact: true })).toHaveCount(0);
    // The control bar, as wide as the player (within a pixel or two of rounding). The player's
    // custom elements upgrade after their module loads, so wait for that state, not a time.
    const widths = () =>
      player.evaluate((section) => {
        const controller = section.querySelector('media-controller');
        const bar = section.querySelector('media-control-bar');
        return { player: controller?.getBoundingClientRect().width ?? 0, bar: bar?.getBoundingClientRect().width ?? 0 };
      });
    await expect
      .poll(async () => {
        const { player: p, bar } = await widths();
        return p > 200 && bar >= p - 2 ? 'spans' : `control bar ${bar}px in a player of ${p}px`;
      }, { timeout: 20_000 })
      .toBe('spans');
    await keepScreenshot(page, `aurora-early-broadcast-${size.width}`);
  }
});
