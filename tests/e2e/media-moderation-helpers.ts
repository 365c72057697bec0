/**
 * Helpers of the moderation and presence browser tests (media-moderation.spec.ts), beside the
 * shared media helpers (media-helpers.ts): a person in the chat but not in the video room, what
 * the hosts' participant list says, what a participant tile shows, and attendance as the real
 * LiveKit server's webhooks recorded it.
 */
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { RoomLayout } from '#app/lib/events/model';
import type { AttendanceRecord } from '#server/events/data/attendance.server';
import { e2eData } from './events-helpers';
import { expect, tenantUrl } from './fixtures';
import type { Joined } from './media-helpers';
import { hydrated, signInContext, type TestUser } from './session-helpers';

/** The name rooms and chat show for a test user without a profile (the part of the email before @). */
export const shownName = (user: TestUser) => user.name;

/**
 * The user opens the room page with its video connection failing (the token request never
 * answers, and the room's data comes without its first token), so they are in the event's chat
 * only. `video()` lets the token through again.
 */
export async function joinChatOnly(
  browser: Browser,
  request: APIRequestContext,
  user: TestUser,
  event: { eventId: string; layout: RoomLayout },
): Promise<Joined & { video: () => Promise<void> }> {
  const context = await browser.newContext();
  await context.grantPermissions(['camera', 'microphone'], { origin: tenantUrl(user.tenant, '') });
  const tokenRoute = '**/api/events/token';
  await context.route(tokenRoute, (route) => route.abort('connectionrefused'));
  // The room's data carries the first token (docs/decisions/0024): this person's comes without,
  // so the room asks the token route. (Rewritten in the page: Node cannot resolve *.localhost.)
  await context.addInitScript(() => {
    const fetchFromPage = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await fetchFromPage(...args);
      if (!new URL(response.url).searchParams.has('_data')) return response;
      const data = (await response.clone().json().catch(() => null)) as Record<string, unknown> | null;
      if (!data || !('session' in data)) return response;
      return new Response(JSON.stringify({ ...data, session: null }), { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  });
  const page = await context.newPage();
  const errors: string[] = [];
  // The aborted token request logs a network error: that is the point here, not a failure.
  page.on('console', (m) => m.type() === 'error' && !/status of 4\d\d|ERR_CONNECTION_REFUSED|Failed to fetch/.test(m.text()) && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await signInContext(context, request, user);
  await page.goto(tenantUrl(user.tenant, `/${event.layout}?event=${event.eventId}`));
  await hydrated(page);
  await expect(page.getByTestId('chat-pane').first()).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
  await expect(page.getByTestId('video-unavailable')).toBeVisible({ timeout: 15_000 });
  return { context, page, errors, video: () => context.unroute(tokenRoute) };
}

/** The hosts' list of connected people (Participants tab or host panel). */
export const hostParticipants = (page: Page): Locator => page.getByTestId('host-participants');

/** One person's row in the hosts' list. */
export const hostRow = (page: Page, user: TestUser): Locator => hostParticipants(page).getByTestId('host-participant').filter({ hasText: shownName(user) });

/** The tile of a remote participant's camera on the page. */
export const remoteCameraTile = (page: Page): Locator => page.locator('.lk-participant-tile[data-lk-local-participant="false"][data-lk-source="camera"]');

/** The person's own microphone and camera toggles. */
export const ownToggle = (page: Page, source: 'microphone' | 'camera'): Locator => page.locator(`button[data-lk-source="${source}"]`);

/** Attendance of one person as recorded from the server's webhooks (joined/left, in time order). */
export async function attendanceActions(tenant: string, eventId: string, user: TestUser): Promise<AttendanceRecord['action'][]> {
  return (await e2eData(tenant).attendance.list(eventId, user.sub)).map((r) => r.action);
}

/** A POST to the room-token route from the person's page, as the room page sends it (Node cannot resolve `*.localhost`). */
export function requestToken(page: Page, eventId: string): Promise<{ status: number; error?: string }> {
  return page.evaluate(async (id) => {
    const res = await fetch('/api/events/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ eventId: id }) });
    const body = (await res.json()) as { error?: string };
    return { status: res.status, error: body.error };
  }, eventId);
}

/** The host panel runs one action and shows the server's answer. */
export async function hostAction(page: Page, row: Locator, name: string | RegExp) {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/events/room') && r.request().method() === 'POST');
  await row.getByRole('button', { name, exact: true }).click();
  const res = await answer;
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Console errors other than those livekit-client itself logs when the server closes the
 * connection under it (room deleted, participant removed): its data channels then report an
 * abort, which is what closing means, not a fault of the page.
 */
export const unexpectedErrors = (errors: string[]) => errors.filter((e) => !/^DataChannel error on \w+: User-Initiated Abort|^publisher data channel '\w+' closed unexpectedly/.test(e));
