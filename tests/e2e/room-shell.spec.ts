/**
 * The room's join path (docs/decisions/0024): a person allowed in gets the room's shared shell,
 * the same bytes for everyone, naming no one and never stored by browsers or shared caches; the
 * room then loads the person's data and shows itself. Refusals are the ordinary pages.
 */
import { EVENT_COPY_MS } from '#server/events/data/eventCopies.server';
import { minutesFromNow, seedEvent, e2eData } from './events-helpers';
import { expect, tenantUrl, test } from './fixtures';
import { createUser, hydrated, signInContext } from './session-helpers';

const T = 'aurora';

test('two participants get the same shell, then each their own room', async ({ browser, request }) => {
  const organizer = await createUser(T, 'shell-org', 'organizer');
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const people = [await createUser(T, 'shell-a'), await createUser(T, 'shell-b')];
  const documents: string[] = [];
  for (const person of people) {
    const context = await browser.newContext();
    await signInContext(context, request, person);
    const page = await context.newPage();
    const response = await page.goto(tenantUrl(T, `/liveEventsContainer?event=${event.eventId}`));
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    expect(headers['x-render-cache']).toBe('SHELL');
    expect(headers['cache-control']).toBe('private, no-store');
    const html = await response!.text();
    expect(html).not.toContain(person.sub);
    expect(html).not.toContain(person.username);
    documents.push(html);
    await hydrated(page);
    // The person's room, from their own data: title, role and a live chat.
    await expect(page.getByTestId('room-title')).toHaveText(event.title);
    await expect(page.getByTestId('room-role')).toHaveText('Participant');
    await expect(page.getByTestId('chat-pane')).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
    await expect(page).toHaveTitle(new RegExp(event.title));
    await context.close();
  }
  expect(documents[1]).toBe(documents[0]);
});

test('a person blocked after the shell was cached still gets the 403 page, not the shell', async ({ browser, request }) => {
  const organizer = await createUser(T, 'shell-org2', 'organizer');
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'ils' });
  const [first, blocked] = [await createUser(T, 'shell-first'), await createUser(T, 'shell-blocked')];
  const context = await browser.newContext();
  await signInContext(context, request, first);
  const warm = await (await context.newPage()).goto(tenantUrl(T, `/ils?event=${event.eventId}`));
  expect(warm?.headers()['x-render-cache']).toBe('SHELL');
  await context.close();

  // Written from outside the app, as another instance would: it counts here once the app's copy of
  // the event, read by the visit above, is older than EVENT_COPY_MS (docs/decisions/0091).
  await e2eData(T).events.setUserBlocked(event.eventId, blocked.sub, true);
  await new Promise((resolve) => setTimeout(resolve, EVENT_COPY_MS));
  const other = await browser.newContext();
  await signInContext(other, request, blocked);
  const page = await other.newPage();
  const res = await page.goto(tenantUrl(T, `/ils?event=${event.eventId}`));
  expect(res?.status()).toBe(403);
  expect(res?.headers()['x-render-cache']).toBeUndefined();
  await expect(page.getByTestId('room-blocked')).toBeVisible();
  await other.close();
});

test('joining asks the server once for the person: the room data carries the user and the video token', async ({ browser, request }) => {
  const organizer = await createUser(T, 'shell-org3', 'organizer');
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const person = await createUser(T, 'shell-one');
  const context = await browser.newContext();
  await signInContext(context, request, person);
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.searchParams.has('_data') || url.pathname === '/api/events/token') asked.push(`${r.method()} ${url.pathname}?_data=${url.searchParams.get('_data') ?? ''}`);
  });
  const roomData = page.waitForResponse((r) => new URL(r.url()).searchParams.get('_data') === 'liveEventsContainer');
  await page.goto(tenantUrl(T, `/liveEventsContainer?event=${event.eventId}`));
  const data = (await (await roomData).json()) as { user?: { sub: string }; session?: { token: string; identity: string; role: string } | null };
  expect(data.user?.sub).toBe(person.sub);
  expect(data.session?.identity).toBe(person.sub);
  expect(data.session?.role).toBe('participant');
  expect(data.session?.token.split('.')).toHaveLength(3);
  await hydrated(page);
  await expect(page.getByTestId('room-title')).toHaveText(event.title);
  await expect(page.getByTestId('chat-pane')).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
  // Neither the root's data nor a separate token request: one request for the person.
  expect(asked.filter((a) => a.startsWith('GET ') && a.endsWith('_data=liveEventsContainer'))).toHaveLength(1);
  expect(asked.filter((a) => a.endsWith('_data=root') || a.startsWith('POST /api/events/token'))).toEqual([]);
  await context.close();
});
