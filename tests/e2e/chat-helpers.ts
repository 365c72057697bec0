/**
 * Helpers of the chat browser tests: a signed-in person with a room open in a browser context of
 * their own (console errors collected and checked on leave), and the chat pane's parts.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from '@playwright/test';
import type { RoomLayout } from '#app/lib/events/model';
import { cutVideoService } from './media-helpers';
import { expect, tenantUrl } from './fixtures';
import { hydrated, signInContext, type TestUser } from './session-helpers';

export interface Person {
  user: TestUser;
  context: BrowserContext;
  page: Page;
  errors: string[];
}

export async function enter(
  browser: Browser,
  request: Parameters<typeof signInContext>[1],
  user: TestUser,
  tenant: string,
  layout: RoomLayout,
  eventId: string,
  viewport = { width: 1280, height: 900 },
  /** More of the browser context (e.g. `reducedMotion: 'reduce'`). */
  contextOptions: BrowserContextOptions = {},
): Promise<Person> {
  const context = await browser.newContext({ viewport, ...contextOptions });
  await signInContext(context, request, user);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    // Refused requests (a blocked person's reload) log their status; the page says why itself.
    // The address a failed resource came from is named beside the message, so a failure says what failed.
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) errors.push(msg.location().url ? `${msg.text()} (${msg.location().url})` : msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  // The chat tests are about the chat: the room's video stays out (live media: media.spec.ts), so a
  // dropped network or a removal from the video room does not change what these pages show.
  await cutVideoService(page);
  await page.goto(tenantUrl(tenant, `/${layout}?event=${eventId}`));
  await hydrated(page);
  await expect(pane(page)).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
  return { user, context, page, errors };
}

export async function leave(...people: Person[]) {
  for (const p of people) {
    await p.context.close();
    expect(p.errors, `console errors of ${p.user.username}`).toEqual([]);
  }
}

export const pane = (page: Page) => page.getByTestId('chat-pane').first();
export const log = (page: Page) => page.getByTestId('chat-log').first();
export const messageWith = (page: Page, text: string): Locator => log(page).getByTestId('chat-message').filter({ hasText: text });

export async function say(page: Page, text: string) {
  const input = pane(page).getByTestId('chat-input');
  await input.fill(text);
  await input.press('Enter');
  await expect(messageWith(page, text)).toHaveCount(1);
}
