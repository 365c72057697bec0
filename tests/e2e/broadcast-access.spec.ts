/**
 * Who may reach an event's broadcast (docs/decisions/0029): the key screens only for the event's
 * organizer or the tenant's admin; status and live playlist for whoever may see the event page.
 * Another tenant's event answers 404 everywhere; bad input gets a 4xx, never a 5xx.
 */
import type { EventRecord } from '#app/lib/events/model';
import { seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantApi, tenantUrl, test } from './fixtures';
import { createUser, sessionCookie, signInContext, type TestUser } from './session-helpers';
import { testMark } from './marks';

let organizer: TestUser;
let otherOrganizer: TestUser;
let admin: TestUser;
let solanaOrganizer: TestUser;
let event: EventRecord;
let rehearsal: EventRecord;
let solanaEvent: EventRecord;

test.beforeAll(async () => {
  [organizer, otherOrganizer, admin, solanaOrganizer] = await Promise.all([
    createUser('aurora', 'key-owner', 'organizer'),
    createUser('aurora', 'key-other', 'organizer'),
    createUser('aurora', 'key-admin', 'admin'),
    createUser('solana', 'key-solana', 'organizer'),
  ]);
  [event, rehearsal, solanaEvent] = await Promise.all([
    seedEvent('aurora', organizer, { title: `Keys ${testMark()}` }),
    seedEvent('aurora', organizer, { title: 'Rehearsal' }, { kind: 'rehearsal' }),
    seedEvent('solana', solanaOrganizer, { title: 'Solana broadcast' }),
  ]);
});

test('another tenant’s event answers 404 on the key screens, the status and the live playlist', async ({ request }) => {
  const cookie = await sessionCookie(request, organizer);
  const api = tenantApi(request, 'aurora');
  for (const path of [`/rtmpKey?eventId=${solanaEvent.eventId}`, `/srtKey?eventId=${solanaEvent.eventId}`]) {
    expect((await api.get(path, { headers: { Cookie: cookie } })).status(), path).toBe(404);
  }
  const post = await api.post('/rtmpKey', { headers: { Cookie: cookie, Origin: tenantUrl('aurora', '').replace(/\/$/, '') }, form: { intent: 'create', eventId: solanaEvent.eventId } });
  expect(post.status()).toBe(404);
  for (const path of [`/api/broadcast/status?event=${solanaEvent.eventId}`, `/api/broadcast/live?event=${solanaEvent.eventId}`]) {
    expect((await api.get(path, { headers: { Cookie: cookie } })).status(), path).toBe(404);
    expect((await api.get(path)).status(), path).toBe(404);
  }
});

test('only the event’s organizer or the tenant’s admin gets its keys', async ({ request }) => {
  const api = tenantApi(request, 'aurora');
  const origin = tenantUrl('aurora', '').replace(/\/$/, '');
  const other = await sessionCookie(request, otherOrganizer);
  expect((await api.get(`/rtmpKey?eventId=${event.eventId}`, { headers: { Cookie: other } })).status()).toBe(404);
  const refused = await api.post('/srtKey', { headers: { Cookie: other, Origin: origin }, form: { intent: 'create', eventId: event.eventId } });
  expect(refused.status()).toBe(404);
  const asAdmin = await sessionCookie(request, admin);
  expect((await api.get(`/rtmpKey?eventId=${event.eventId}`, { headers: { Cookie: asAdmin } })).status()).toBe(200);
  // Signed out: sent to sign in.
  const anonymous = await api.get(`/rtmpKey?eventId=${event.eventId}`, { maxRedirects: 0 });
  expect([302, 303]).toContain(anonymous.status());
});

test('a rehearsal’s broadcast is hidden from visitors; bad input gets a 4xx', async ({ request }) => {
  const api = tenantApi(request, 'aurora');
  expect((await api.get(`/api/broadcast/status?event=${rehearsal.eventId}`)).status()).toBe(404);
  const owner = await sessionCookie(request, organizer);
  const status = await api.get(`/api/broadcast/status?event=${rehearsal.eventId}`, { headers: { Cookie: owner } });
  expect(status.status()).toBe(200);
  expect(await status.json()).toEqual({ status: 'idle' });
  expect((await api.get(`/api/broadcast/live?event=${event.eventId}`)).status()).toBe(409);
  for (const path of ['/api/broadcast/status', '/api/broadcast/status?event=../x', `/api/broadcast/live?event=${'a'.repeat(5000)}`]) {
    expect((await api.get(path)).status(), path).toBe(404);
  }
  expect((await api.get(`/api/broadcast/live?event=${event.eventId}&variant=../../x`)).status()).toBe(400);
  expect((await api.post(`/api/broadcast/status?event=${event.eventId}`, { headers: { Origin: tenantUrl('aurora', '').replace(/\/$/, '') } })).status()).toBe(405);
  const origin = tenantUrl('aurora', '').replace(/\/$/, '');
  const badForms: Record<string, string>[] = [{ intent: 'explode', eventId: event.eventId }, { intent: 'create' }, { intent: 'create', eventId: 'short' }];
  for (const form of badForms) {
    const res = await api.post('/rtmpKey', { headers: { Cookie: owner, Origin: origin }, form });
    expect(res.status(), JSON.stringify(form)).toBe(400);
  }
  const rotateWithout = await api.post('/srtKey', { headers: { Cookie: owner, Origin: origin }, form: { intent: 'rotate', eventId: event.eventId } });
  expect(rotateWithout.status()).toBe(409);
});

for (const [name, viewport] of Object.entries({ phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } })) {
  test(`the key screens at ${name} width`, async ({ page, context, request }) => {
    await page.setViewportSize(viewport);
    await signInContext(context, request, organizer);
    for (const protocol of ['rtmp', 'srt'] as const) {
      await page.goto(tenantUrl('aurora', `/${protocol}Key?eventId=${event.eventId}`));
      await pageHydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(protocol === 'rtmp' ? 'RTMP stream key' : 'SRT stream key');
      await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'idle');
      await page.screenshot({ path: `test-results/screens/broadcast-${protocol}Key-${name}.png`, fullPage: true });
    }
  });
}

test('the key screen speaks the site’s language (lumière: French first), and the keyboard reaches every control', async ({ page, context, request }) => {
  const lumiere = await createUser('lumiere', 'key-lumiere', 'organizer');
  const lumiereEvent = await seedEvent('lumiere', lumiere, { title: 'Diffusion' });
  await signInContext(context, request, lumiere);
  await page.goto(tenantUrl('lumiere', `/rtmpKey?eventId=${lumiereEvent.eventId}`));
  await pageHydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clé de diffusion RTMP');
  await expect(page.getByTestId('create-key')).toHaveText('Créer une clé');
  await page.getByTestId('create-key').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('stream-key')).toHaveValue(/^lumiere_/);
  await page.getByTestId('rotate-key').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('key-confirm')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('key-confirm')).toBeHidden();
});
