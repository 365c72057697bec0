/**
 * Breakout rooms (issue 28, item 4; docs/decisions/0084) with the real LiveKit server and three
 * browsers (fake camera and microphone): the organizer opens two breakouts and places one
 * participant in each, one from the keyboard (the person's room list) and one by drag and drop;
 * each participant is then in a LiveKit room of their own (the page's connected room and the
 * server's peer list say so) with a chat of their own (a message in room 1 is not seen in room 2);
 * the organizer visits room 1 and reads its chat, sends a message every room shows, and brings
 * everyone back: both participants are in the main room again. Screenshots at 1280 and 390 px go
 * to /tmp/breakouts-*.png.
 */
import { messageWith, say } from './chat-helpers';
import { chatLive, connectedTo } from './engagement-helpers';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, test } from './fixtures';
import { joinRoom, MEDIA_BROWSER, roomIdentities, type Joined } from './media-helpers';
import { createUser } from './session-helpers';

test.use(MEDIA_BROWSER);
// Three browsers with live media each: one test at a time.
test.describe.configure({ mode: 'serial' });

const T = 'aurora';

test('two breakouts with their own video and chat, a message to every room, and everyone back', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const [orgUser, anaUser, boUser] = await Promise.all([createUser(T, 'brk-org', 'organizer'), createUser(T, 'brk-ana'), createUser(T, 'brk-bo')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const main = event.channelName;
  const people: Joined[] = [];
  try {
    const org = await joinRoom(browser, request, orgUser, event, { viewport: { width: 1280, height: 900 } });
    people.push(org);
    const ana = await joinRoom(browser, request, anaUser, event, { viewport: { width: 390, height: 844 } });
    people.push(ana);
    const bo = await joinRoom(browser, request, boUser, event, { viewport: { width: 1280, height: 900 } });
    people.push(bo);
    await expect.poll(() => roomIdentities(main), { timeout: 20_000 }).toEqual([anaUser.sub, boUser.sub, orgUser.sub].sort());

    // The organizer opens two rooms to place people by hand.
    const panel = org.page.getByTestId('breakouts-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('breakouts-to-split')).toHaveText('2 people in the room now.', { timeout: 15_000 });
    await panel.getByTestId('breakouts-count').fill('2');
    await panel.getByTestId('breakouts-minutes').fill('30');
    await panel.getByTestId('breakouts-auto').click();
    await panel.getByTestId('breakouts-open').click();
    await expect(panel).toHaveAttribute('data-running', 'true', { timeout: 20_000 });
    await expect(panel.getByTestId('breakouts-countdown')).toHaveText(/Back to the main room in (29|30):\d\d/);
    // Nobody is placed yet: both are still in the main room's zone.
    await expect(panel.getByTestId('breakout-zone-main').getByTestId('breakout-person')).toHaveCount(2);

    // The keyboard way: Ana's room list.
    const anaSelect = panel.getByRole('combobox', { name: `Room of ${anaUser.name}` });
    await anaSelect.focus();
    await anaSelect.selectOption('b1');
    await expect(panel.getByTestId('breakout-zone-b1').getByTestId('breakout-person')).toHaveText([anaUser.name]);
    // Drag and drop: Bo onto room 2.
    await panel.getByTestId('breakout-zone-main').locator(`[data-user="${boUser.sub}"]`).dragTo(panel.getByTestId('breakout-zone-b2'));
    await expect(panel.getByTestId('breakout-zone-b2').getByTestId('breakout-person')).toHaveText([boUser.name]);
    await expect(panel.getByRole('combobox', { name: `Room of ${boUser.name}` })).toHaveValue('b2');

    // Each participant is in their own LiveKit room, with its own chat.
    await connectedTo(ana.page, `${main}-b1`);
    await connectedTo(bo.page, `${main}-b2`);
    await expect(ana.page.getByTestId('breakout-place')).toHaveText('You are in Room 1');
    await expect(bo.page.getByTestId('breakout-place')).toHaveText('You are in Room 2');
    await expect.poll(() => roomIdentities(`${main}-b1`), { timeout: 20_000 }).toEqual([anaUser.sub]);
    await expect.poll(() => roomIdentities(`${main}-b2`), { timeout: 20_000 }).toEqual([boUser.sub]);
    await expect.poll(() => roomIdentities(main), { timeout: 20_000 }).toEqual([orgUser.sub]);
    await chatLive(ana.page);
    await chatLive(bo.page);
    await say(ana.page, 'Hello from room one');
    await say(bo.page, 'Hello from room two');
    await expect(messageWith(bo.page, 'Hello from room one')).toHaveCount(0);
    await expect(messageWith(ana.page, 'Hello from room two')).toHaveCount(0);
    await ana.page.screenshot({ path: '/tmp/breakouts-participant-390.png' });

    // The organizer visits room 1: its video room and its chat.
    await panel.getByTestId('breakout-visit-b1').click();
    await connectedTo(org.page, `${main}-b1`);
    await chatLive(org.page);
    await expect(messageWith(org.page, 'Hello from room one')).toHaveCount(1);
    await expect(messageWith(org.page, 'Hello from room two')).toHaveCount(0);
    await expect(org.page.getByTestId('breakout-place')).toHaveText('You are visiting Room 1');
    await expect.poll(() => roomIdentities(`${main}-b1`), { timeout: 20_000 }).toEqual([anaUser.sub, orgUser.sub].sort());
    await org.page.getByTestId('breakout-leave-visit').click();
    await connectedTo(org.page, main);

    // A message to every room.
    const panelAgain = org.page.getByTestId('breakouts-panel');
    await panelAgain.getByTestId('breakouts-message').fill('Two minutes left, wrap up');
    await panelAgain.getByTestId('breakouts-send').click();
    for (const p of [ana, bo]) await expect(p.page.getByTestId('breakout-message')).toContainText('Two minutes left, wrap up');
    await expect(bo.page.getByTestId('breakout-message')).toContainText(`Message from`);
    await org.page.screenshot({ path: '/tmp/breakouts-host-1280.png', fullPage: true });
    await panelAgain.screenshot({ path: '/tmp/breakouts-panel-1280.png' });
    await bo.page.screenshot({ path: '/tmp/breakouts-participant-1280.png' });

    // Everyone back: both participants in the main room's video and chat again.
    await panelAgain.getByTestId('breakouts-end').click();
    await connectedTo(ana.page, main);
    await connectedTo(bo.page, main);
    for (const p of [ana, bo]) await expect(p.page.getByTestId('breakout-returned')).toHaveText('Everyone is back in the main room.');
    await expect.poll(() => roomIdentities(main), { timeout: 20_000 }).toEqual([anaUser.sub, boUser.sub, orgUser.sub].sort());
    await chatLive(ana.page);
    await expect(messageWith(ana.page, 'Hello from room one')).toHaveCount(0);
    await say(ana.page, 'Back in the main room');
    await expect(messageWith(bo.page, 'Back in the main room')).toHaveCount(1);
    await expect(org.page.getByTestId('breakouts-panel')).toHaveAttribute('data-running', 'false');
    for (const p of people) expect(p.errors).toEqual([]);
  } finally {
    for (const p of people) await p.context.close();
  }
});

test('participants may choose a room when the host allows it; a participant not placed is kept out of a breakout', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const [orgUser, anaUser, boUser] = await Promise.all([createUser(T, 'brk-org2', 'organizer'), createUser(T, 'brk-ana2'), createUser(T, 'brk-bo2')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const main = event.channelName;
  const people: Joined[] = [];
  try {
    const org = await joinRoom(browser, request, orgUser, event, { viewport: { width: 1280, height: 900 } });
    people.push(org);
    const ana = await joinRoom(browser, request, anaUser, event, { viewport: { width: 390, height: 844 } });
    people.push(ana);
    const bo = await joinRoom(browser, request, boUser, event, { viewport: { width: 1280, height: 900 } });
    people.push(bo);
    const panel = org.page.getByTestId('breakouts-panel');
    await panel.getByTestId('breakouts-count').fill('3');
    await panel.getByTestId('breakouts-auto').click();
    await panel.getByTestId('breakouts-allow-choose').click();
    await panel.getByTestId('breakouts-open').click();
    await expect(panel.getByTestId('breakouts-countdown')).toHaveText('No end time: the rooms stay open until you bring everyone back.', { timeout: 20_000 });

    // Ana picks room 3 from the keyboard.
    const choose = ana.page.getByRole('button', { name: 'Join Room 3' });
    await choose.focus();
    await ana.page.keyboard.press('Enter');
    await connectedTo(ana.page, `${main}-b3`);
    await expect(ana.page.getByTestId('breakout-place')).toHaveText('You are in Room 3');
    await expect(panel.getByTestId('breakout-zone-b3').getByTestId('breakout-person')).toHaveText([anaUser.name], { timeout: 15_000 });

    // Bo, placed nowhere, asks for room 3's token and chat anyway once choosing is off: both refused.
    await panel.getByText('Let participants choose a room').click();
    await expect(bo.page.getByRole('button', { name: 'Join Room 3' })).toHaveCount(0);
    const answer = await bo.page.evaluate(
      (eventId) => fetch('/api/breakouts/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ eventId, roomId: 'b3' }) }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error: string } })),
      event.eventId,
    );
    expect(answer).toEqual({ status: 403, body: expect.objectContaining({ error: 'notAssigned' }) });
    await expect.poll(() => roomIdentities(`${main}-b3`), { timeout: 20_000 }).toEqual([anaUser.sub]);

    await panel.getByTestId('breakouts-end').click();
    await connectedTo(ana.page, main);
    for (const p of people) expect(p.errors).toEqual([]);
  } finally {
    for (const p of people) await p.context.close();
  }
});
