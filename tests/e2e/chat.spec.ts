/**
 * The in-event chat in the browser, with real users in separate browser contexts against the real
 * chat socket: messages both ways in real time, likes, replies, questions in the Q&A tab answered
 * by the organizer, private messages unseen by a third person, reconnect without loss, history
 * with "Earlier messages", an image, tenant isolation, and garbage frames that leave the socket up.
 */
import { Buffer } from 'node:buffer';
import type { BrowserContext } from '@playwright/test';
import { WebSocket } from 'ws';
import { E2E_PORT } from './stack';
import { CHAT_CLOSE, CHAT_HISTORY_PAGE } from '#app/lib/chat/protocol';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, tenantUrl, test } from './fixtures';
import { createUser, signInContext } from './session-helpers';
import { enter, leave, log, messageWith, pane, say } from './chat-helpers';

const T = 'aurora';
const PORT = Number(process.env.E2E_PORT ?? E2E_PORT);

test.describe.configure({ mode: 'parallel' });

test('organizer and participant chat in real time: send, like, reply, and a question answered in the Q&A tab', { tag: '@smoke' }, async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [orgUser, parUser] = await Promise.all([createUser(T, 'chat-org', 'organizer'), createUser(T, 'chat-par')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const org = await enter(browser, request, orgUser, T, 'liveEventsContainer', event.eventId);
  const par = await enter(browser, request, parUser, T, 'liveEventsContainer', event.eventId, { width: 390, height: 844 });

  await expect(log(par.page).getByTestId('chat-log-empty')).toHaveText('No messages yet — say hello');

  // Both ways, in real time.
  await say(org.page, 'Welcome, everyone! Slides at https://example.com/slides');
  await expect(messageWith(par.page, 'Welcome, everyone!')).toBeVisible();
  await expect(messageWith(par.page, 'Welcome, everyone!').getByTestId('chat-role')).toHaveText('Organizer');
  const link = messageWith(par.page, 'Welcome, everyone!').getByRole('link', { name: 'https://example.com/slides' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await say(par.page, 'Hello from the audience <b>not bold</b>');
  const fromPar = messageWith(org.page, 'Hello from the audience');
  await expect(fromPar).toBeVisible();
  await expect(fromPar.getByTestId('chat-text')).toHaveText('Hello from the audience <b>not bold</b>');

  // A like shows its count on the other side.
  const like = messageWith(par.page, 'Welcome, everyone!').getByTestId('chat-like');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(messageWith(org.page, 'Welcome, everyone!').getByTestId('chat-like-count')).toHaveText('1');

  // A reply quotes the message it answers.
  await messageWith(org.page, 'Hello from the audience').getByTestId('chat-reply').click();
  await expect(pane(org.page).getByTestId('chat-reply-chip')).toContainText('Replying to');
  await say(org.page, 'Glad you are here');
  const reply = messageWith(par.page, 'Glad you are here');
  await expect(reply.getByTestId('chat-quote')).toContainText('Hello from the audience');

  // A question: in the participant's chat, then in the organizer's Q&A tab, answered, seen answered.
  await pane(par.page).getByTestId('chat-ask').click();
  await say(par.page, 'Will the recording be shared?');
  await expect(messageWith(par.page, 'Will the recording be shared?').getByTestId('chat-question-badge')).toHaveText('Question');
  await org.page.getByRole('tab', { name: 'Q&A' }).click();
  const question = org.page.getByTestId('chat-question').filter({ hasText: 'Will the recording be shared?' });
  await expect(question.getByTestId('chat-question-state')).toHaveText('Open');
  await question.getByTestId('chat-mark-answered').click();
  await expect(question.getByTestId('chat-question-state')).toHaveText('Answered');
  await par.page.getByRole('tab', { name: 'Q&A' }).click();
  const seen = par.page.getByTestId('chat-question').filter({ hasText: 'Will the recording be shared?' });
  await expect(seen).toHaveAttribute('data-answered', 'true');
  await par.page.getByTestId('chat-questions-open').click();
  await expect(seen).toHaveCount(0);
  // The Q&A tab keeps the raise-hand part below the questions.
  await expect(par.page.getByTestId('raise-hand')).toBeVisible();

  await leave(org, par);
});

test('a private message reaches the organizer only, and the organizer answers privately (/ils)', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [orgUser, parUser, otherUser] = await Promise.all([createUser(T, 'pm-org', 'organizer'), createUser(T, 'pm-par'), createUser(T, 'pm-third')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'ils' });
  const org = await enter(browser, request, orgUser, T, 'ils', event.eventId);
  const par = await enter(browser, request, parUser, T, 'ils', event.eventId, { width: 390, height: 844 });
  const third = await enter(browser, request, otherUser, T, 'ils', event.eventId);

  // A public message works in this video layout too.
  await say(third.page, 'Public hello from the third person');
  await expect(messageWith(org.page, 'Public hello from the third person')).toBeVisible();

  await pane(par.page).getByTestId('chat-view-private').click();
  await pane(par.page).getByTestId('chat-private-person').filter({ hasText: 'Organizer' }).first().click();
  const composer = pane(par.page).getByTestId('chat-private-composer');
  await composer.getByTestId('chat-input').fill('A private question for the organizer');
  await composer.getByTestId('chat-input').press('Enter');
  const parConversation = pane(par.page).getByTestId('chat-private-log');
  await expect(parConversation.getByTestId('chat-message').filter({ hasText: 'A private question for the organizer' })).toBeVisible();
  await expect(parConversation.getByTestId('chat-private-badge').first()).toBeVisible();

  // The organizer sees an unread private message and answers it.
  await expect(pane(org.page).getByTestId('chat-unread-total')).toHaveText('1');
  await pane(org.page).getByTestId('chat-view-private').click();
  await pane(org.page).getByTestId('chat-private-person').first().click();
  await expect(pane(org.page).getByTestId('chat-private-log').getByTestId('chat-message').filter({ hasText: 'A private question for the organizer' })).toBeVisible();
  await expect(pane(org.page).getByTestId('chat-unread-total')).toHaveCount(0);
  const orgComposer = pane(org.page).getByTestId('chat-private-composer');
  await orgComposer.getByTestId('chat-input').fill('A private answer for you');
  await orgComposer.getByTestId('chat-input').press('Enter');
  await expect(parConversation.getByTestId('chat-message').filter({ hasText: 'A private answer for you' })).toBeVisible();

  // The third person saw neither, in the public log or their private tab.
  await say(third.page, 'Still here');
  await expect(log(third.page)).not.toContainText('A private question for the organizer');
  await expect(log(third.page)).not.toContainText('A private answer for you');
  await pane(third.page).getByTestId('chat-view-private').click();
  await expect(pane(third.page).getByTestId('chat-private')).not.toContainText('A private');
  await expect(pane(third.page).getByTestId('chat-unread-total')).toHaveCount(0);

  await leave(org, par, third);
});

test('a participant who goes offline gets every missed message exactly once, in order (/preBuiltChat)', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [orgUser, parUser] = await Promise.all([createUser(T, 'rc-org', 'organizer'), createUser(T, 'rc-par')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'preBuiltChat' });
  const org = await enter(browser, request, orgUser, T, 'preBuiltChat', event.eventId);
  const par = await enter(browser, request, parUser, T, 'preBuiltChat', event.eventId);

  await say(org.page, 'Before the drop');
  await expect(messageWith(par.page, 'Before the drop')).toBeVisible();

  await par.context.setOffline(true);
  // The socket really is gone: the pane says so and sending waits (the typed text stays).
  await expect(pane(par.page).getByTestId('chat-connection')).toHaveAttribute('data-status', 'reconnecting');
  await pane(par.page).getByTestId('chat-input').fill('typed while offline');
  await expect(pane(par.page).getByTestId('chat-send')).toBeDisabled();

  for (const n of [1, 2, 3]) await say(org.page, `Missed message ${n}`);
  // Nothing arrives while offline.
  await expect(log(par.page)).not.toContainText('Missed message');

  await par.context.setOffline(false);
  await expect(pane(par.page)).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
  for (const n of [1, 2, 3]) await expect(messageWith(par.page, `Missed message ${n}`)).toHaveCount(1);
  const texts = await log(par.page).getByTestId('chat-text').allTextContents();
  expect(texts.filter((t) => /Before the drop|Missed message/.test(t))).toEqual(['Before the drop', 'Missed message 1', 'Missed message 2', 'Missed message 3']);
  await expect(pane(par.page).getByTestId('chat-input')).toHaveValue('typed while offline');
  await pane(par.page).getByTestId('chat-input').press('Enter');
  await expect(messageWith(org.page, 'typed while offline')).toHaveCount(1);

  // A request in flight when the network went away (a lazily loaded string file, say) fails in the
  // browser's own words; that, and only that, is expected of the drop. Anything else logged still fails.
  const dropped = (e: string) => e.startsWith('Failed to load resource: net::ERR_INTERNET_DISCONNECTED');
  par.errors.splice(0, par.errors.length, ...par.errors.filter((e) => !dropped(e)));
  await leave(org, par);
});

/** Cookie header of a signed-in context for the tenant host. */
async function cookieHeader(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies(tenantUrl(T, '/'));
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Sends messages from Node over the real socket, one after another, each acknowledged. */
async function sendOverSocket(cookie: string, eventId: string, texts: string[]): Promise<void> {
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/ws/chat?event=${eventId}`, {
    headers: { Host: `${T}.localhost:${PORT}`, Cookie: cookie },
    origin: `http://${T}.localhost:${PORT}`,
  });
  const frames: { type: string; clientId?: string; code?: string }[] = [];
  let wake: () => void = () => undefined;
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as { type: string });
    wake();
  });
  const waitFor = (pred: (f: { type: string; clientId?: string; code?: string }) => boolean) =>
    new Promise<{ type: string; code?: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no frame in time; got ${JSON.stringify(frames.slice(-3))}`)), 15_000);
      const check = () => {
        const f = frames.find(pred);
        if (f) {
          clearTimeout(timer);
          resolve(f);
        } else wake = check;
      };
      check();
    });
  await waitFor((f) => f.type === 'welcome');
  for (const [i, text] of texts.entries()) {
    const clientId = `seed-${i}-${Date.now()}`;
    ws.send(JSON.stringify({ type: 'send', clientId, textMessage: text }));
    const answer = await waitFor((f) => f.clientId === clientId);
    if (answer.type !== 'ack') throw new Error(`send refused: ${answer.code}`);
  }
  ws.close();
}

test('history: a late joiner sees the latest page and loads earlier messages (/liveEventsChat)', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // The per-person send limit is 8 per 10 s: several senders seed more than one page quickly.
  const senders = await Promise.all(Array.from({ length: 8 }, (_, i) => createUser(T, `hist-${i}`, i === 0 ? 'organizer' : 'member')));
  const late = await createUser(T, 'hist-late');
  const event = await seedEvent(T, senders[0]!, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsChat' });
  const total = CHAT_HISTORY_PAGE + 6;
  const perSender = Math.ceil(total / senders.length);
  let n = 0;
  for (const sender of senders) {
    const context = await browser.newContext();
    await signInContext(context, request, sender);
    const cookie = await cookieHeader(context);
    await context.close();
    const texts: string[] = [];
    for (let i = 0; i < perSender && n < total; i++) texts.push(`History message ${String(++n).padStart(3, '0')}`);
    await sendOverSocket(cookie, event.eventId, texts);
  }

  const person = await enter(browser, request, late, T, 'liveEventsChat', event.eventId);
  await expect(person.page.getByTestId('room-stage')).toHaveCount(0);
  const texts = log(person.page).getByTestId('chat-text');
  await expect(texts).toHaveCount(CHAT_HISTORY_PAGE);
  await expect(texts.last()).toHaveText(`History message ${String(total).padStart(3, '0')}`);
  await expect(texts.first()).toHaveText(`History message ${String(total - CHAT_HISTORY_PAGE + 1).padStart(3, '0')}`);
  await log(person.page).getByTestId('chat-earlier').click();
  await expect(texts).toHaveCount(total);
  await expect(texts.first()).toHaveText('History message 001');
  await expect(log(person.page).getByTestId('chat-start')).toBeVisible();
  await expect(log(person.page).getByTestId('chat-earlier')).toHaveCount(0);

  await leave(person);
});

/** A 2×2 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

test('an image sent by one person appears for the other; a wrong file type is refused before upload', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [orgUser, parUser] = await Promise.all([createUser(T, 'img-org', 'organizer'), createUser(T, 'img-par')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'hybridVideoChat' });
  const org = await enter(browser, request, orgUser, T, 'hybridVideoChat', event.eventId);
  const par = await enter(browser, request, parUser, T, 'hybridVideoChat', event.eventId);

  const input = pane(par.page).getByTestId('chat-file-input');
  await input.setInputFiles({ name: 'script.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await expect(pane(par.page).getByTestId('chat-file-problem')).toHaveText('script.exe cannot be sent: this type of file is not accepted.');

  await input.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  await expect(pane(par.page).getByTestId('chat-file')).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
  await pane(par.page).getByTestId('chat-input').fill('Here is a picture');
  await pane(par.page).getByTestId('chat-send').click();

  const received = messageWith(org.page, 'Here is a picture');
  const img = received.getByRole('img', { name: /Image sent by/ });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 15_000 }).toBe(2);

  await leave(org, par);
});

test('tenant isolation: another tenant’s event is a 404 page and its socket closes with 4404', async ({ page, context, request }) => {
  const orgUser = await createUser(T, 'iso-org', 'organizer');
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'preBuiltChat' });
  const stranger = await createUser('solana', 'iso-solana');
  await signInContext(context, request, stranger);
  const res = await page.goto(`http://solana.localhost:${PORT}/preBuiltChat?event=${event.eventId}`);
  expect(res?.status()).toBe(404);
  await page.goto(`http://solana.localhost:${PORT}/`);
  const closed = await page.evaluate(
    (eventId) =>
      new Promise<{ code: number; frames: string[] }>((resolve) => {
        const frames: string[] = [];
        const ws = new WebSocket(`ws://${location.host}/ws/chat?event=${eventId}`);
        ws.onmessage = (e) => frames.push(String(e.data));
        ws.onclose = (e) => resolve({ code: e.code, frames });
      }),
    event.eventId,
  );
  expect(closed.code).toBe(CHAT_CLOSE.notFound);
  expect(closed.frames.some((f) => f.includes('"notFound"'))).toBe(true);
});

test('garbage frames get error frames and the socket keeps working', async ({ page, context, request }) => {
  const orgUser = await createUser(T, 'junk-org', 'organizer');
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsChat' });
  await signInContext(context, request, orgUser);
  await page.goto(tenantUrl(T, '/'));
  const result = await page.evaluate(
    (eventId) =>
      new Promise<{ errors: string[]; after: string[]; open: boolean }>((resolve, reject) => {
        const frames: { type: string; code?: string; clientId?: string }[] = [];
        const ws = new WebSocket(`ws://${location.host}/ws/chat?event=${eventId}`);
        const timer = setTimeout(() => reject(new Error(`timed out: ${JSON.stringify(frames)}`)), 15_000);
        ws.onmessage = (e) => {
          const f = JSON.parse(String(e.data)) as { type: string; code?: string; clientId?: string };
          frames.push(f);
          if (f.type === 'welcome') {
            ws.send('not json at all');
            ws.send(JSON.stringify({ type: 'nope' }));
            ws.send(JSON.stringify({ type: 'send', clientId: 'x', textMessage: 5 }));
            ws.send(JSON.stringify({ type: 'like', clientId: 'junk-001', likedMsgId: '../../etc', liked: true }));
            ws.send(new Uint8Array([1, 2, 3]));
            ws.send(JSON.stringify({ type: 'send', clientId: 'good-0001', textMessage: 'still works' }));
          }
          if (f.type === 'ack' && f.clientId === 'good-0001') {
            clearTimeout(timer);
            resolve({
              errors: frames.filter((x) => x.type === 'error').map((x) => x.code ?? ''),
              after: frames.map((x) => x.type),
              open: ws.readyState === WebSocket.OPEN,
            });
            ws.close();
          }
        };
        ws.onclose = (e) => {
          clearTimeout(timer);
          reject(new Error(`closed ${e.code}: ${JSON.stringify(frames)}`));
        };
      }),
    event.eventId,
  );
  expect(result.open).toBe(true);
  expect(result.errors.length).toBeGreaterThanOrEqual(4);
  expect(result.errors.every((c) => c === 'badFrame')).toBe(true);
  expect(result.after).toContain('ack');
});
