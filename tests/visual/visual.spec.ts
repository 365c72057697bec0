/**
 * Visual regression (docs/decisions/0068): the representative screens of every sample tenant at a
 * phone's 390 px and a laptop's 1280 px, compared with the committed baselines in
 * tests/visual/baselines/. Times, countdowns, video and avatars are masked; the data is the fixed
 * seed of tests/visual/seed.setup.ts on a fresh stack, so a difference is a changed screen.
 * After an intended change: `npm run test:visual -- --update-snapshots`, look at the new PNGs, commit.
 */
import { expect, test } from '@playwright/test';
import { tenantUrl } from '../e2e/fixtures';
import { contextAt, MEDIA_ARGS, settled, stilled } from './capture';
import { readSample, VISUAL_TENANTS } from './sample';
import { CHROMIUM_FULL } from '../e2e/stack';

const WIDTHS = [390, 1280] as const;

/** Screens a visitor reaches from the menu, seen by the tenant's demo member; the dashboard by its organizer. */
const SCREENS = [
  { name: 'home', path: () => '/', as: 'member' },
  { name: 'liveEvents', path: () => '/liveEvents', as: 'member' },
  { name: 'channelPage', path: (ids: { channel?: string }) => `/channelPage?channel=${ids.channel ?? ''}`, as: 'member' },
  { name: 'vod', path: () => '/vod', as: 'member' },
  { name: 'userDashboard', path: () => '/userDashboard', as: 'organizer' },
] as const;

test.use({ launchOptions: { executablePath: CHROMIUM_FULL, args: MEDIA_ARGS } });

for (const tenant of VISUAL_TENANTS) {
  for (const width of WIDTHS) {
    test(`${tenant} at ${width}px: home, events, channel, library, dashboard`, async ({ browser }) => {
      test.setTimeout(300_000);
      const sample = readSample()[tenant];
      for (const screen of SCREENS) {
        const context = await contextAt(browser, width, sample[screen.as]);
        const page = await context.newPage();
        const response = await page.goto(tenantUrl(tenant, screen.path(sample.ids)));
        expect(response?.status(), `${screen.name} answers`).toBe(200);
        await settled(page);
        await expect.soft(page, `${tenant} ${screen.name} at ${width}px`).toHaveScreenshot(`${tenant}-${screen.name}-${width}.png`, { fullPage: true, mask: await stilled(page) });
        await context.close();
      }
    });

    test(`${tenant} at ${width}px: the room, as its organizer and as a participant`, async ({ browser }) => {
      test.setTimeout(300_000);
      const sample = readSample()[tenant];
      const rooms = [
        { who: 'organizer', user: sample.organizer, eventId: sample.stageEventId },
        { who: 'participant', user: sample.member, eventId: sample.liveEventId },
      ] as const;
      for (const room of rooms) {
        const context = await contextAt(browser, width, room.user);
        const page = await context.newPage();
        await page.goto(tenantUrl(tenant, `/liveEventsContainer?event=${room.eventId}`));
        await settled(page);
        await expect(page.getByTestId('chat-pane').first()).toHaveAttribute('data-status', 'live', { timeout: 30_000 });
        await expect(page.getByTestId('room-connection')).toHaveAttribute('data-state', 'connected', { timeout: 60_000 });
        // The organizer's camera (Chromium's fake one) is on the stage once it publishes; the
        // participant's stage waits for a presenter, who is in the other room.
        if (room.who === 'organizer') await expect(page.getByTestId('room-stage').locator('video')).toBeVisible({ timeout: 60_000 });
        await expect.soft(page, `${tenant} room (${room.who}) at ${width}px`).toHaveScreenshot(`${tenant}-room-${room.who}-${width}.png`, { mask: await stilled(page) });
        await context.close();
      }
    });
  }
}
