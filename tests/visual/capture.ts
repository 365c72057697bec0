/** How the visual suite opens a screen and what it hides from comparison. */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, pageReady } from '../e2e/fixtures';
import { signInContext, type TestUser } from '../e2e/session-helpers';
import { CHROMIUM_ARGS } from '../e2e/stack';

/** Chromium with a fake camera and microphone, allowed without asking: the organizer's room publishes. */
export const MEDIA_ARGS = [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/**
 * What changes from run to run and is not the layout: times, dates and countdowns (relative to
 * the run), video, canvases and avatars (pictures, initials of whoever is present).
 */
function volatile(page: Page): Locator[] {
  return [
    page.locator('time'),
    page.locator('[role="timer"]'),
    page.getByTestId('countdown-done'),
    page.locator('video, canvas, audio, iframe'),
    page.locator('.chakra-avatar__root'),
  ];
}

/**
 * The masks, after every date and time is given one fixed text: a mask hides a date's pixels but
 * not its length, and a date relative to the run (a live event starts today) wraps the lines
 * around it differently from one weekday or month to the next.
 */
export async function stilled(page: Page): Promise<Locator[]> {
  await page.evaluate(() => {
    for (const time of document.querySelectorAll('time')) {
      time.textContent = (time.textContent ?? '').trim().length > 8 ? 'Wed 30 Sep 2026, 10:00' : '10:00';
    }
  });
  return volatile(page);
}

/**
 * Runs a sign-in again when it fails: on this loaded machine the identity service sometimes
 * answers the gateway late, which the gateway reports as a 503 to try again in a moment.
 */
export async function retrying<T>(attempt: () => Promise<T>, tries = 6): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (e) {
      if (i >= tries) throw e;
      await new Promise((r) => setTimeout(r, 3000 * i));
    }
  }
}

/** A context of `width` px, signed in as `user` when given. */
export async function contextAt(browser: Browser, width: number, user?: TestUser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 }, reducedMotion: 'reduce' });
  if (user) {
    await retrying(() => signInContext(context, context.request, user));
  }
  return context;
}

/** Waits until the screen is drawn: hydrated, fonts loaded, every image decoded, no spinner left. */
export async function settled(page: Page) {
  await pageReady(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // A lazy image below the fold may or may not load before a full-page picture: load them all.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          for (const img of document.querySelectorAll('img[loading="lazy"]')) (img as HTMLImageElement).loading = 'eager';
          return [...document.images].filter((img) => !img.complete).length;
        }),
      { message: 'images still loading', timeout: 20_000 },
    )
    .toBe(0);
  await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0, { timeout: 20_000 });
}
