/**
 * /profilePhotoChanger end to end: a square avatar from a file or the fake camera, saved through the
 * upload path (kind image, processed into every size) and shown at once in the header; a person's
 * chat messages and the room carry it; /api/avatar answers only signed-in people of the same tenant.
 */
import { seedMediaItem, testJpeg } from '#tests/support/media';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { enter, leave, messageWith, say } from './chat-helpers';
import { createUser, hydrated, sessionCookie, signInContext } from './session-helpers';
import { loaded, saveCropped } from './tools-photo-helpers';

test.describe.configure({ timeout: 120_000 });

const T = 'aurora';

test('an avatar from a file shows at once in the header, is processed into every size, and shows in a room chat', async ({ page, browser, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const [organizer, member] = await Promise.all([createUser(T, 'avatar-org', 'organizer'), createUser(T, 'avatar-par')]);
  await signInContext(page.context(), page.request, member);
  await page.goto('/profilePhotoChanger');
  await hydrated(page);
  await expect(page.getByTestId('avatar-none')).toBeVisible();
  await expect(page.getByTestId('account-avatar')).toHaveCount(0);

  await page.getByTestId('avatar-file').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await testJpeg() });
  await saveCropped(page);
  // The header (the root's data reloads after the change) shows the photo instead of the initials.
  const header = page.getByTestId('account-avatar');
  await expect(header).toHaveAttribute('src', new RegExp(`^/api/avatar\\?user=${encodeURIComponent(member.sub)}&v=[a-z0-9]{21}$`));
  await expect.poll(() => loaded(page, 'account-avatar')).toBe(true);
  await expect(page.getByTestId('avatar-current-image')).toBeVisible();
  await page.screenshot({ path: 'test-reports/tools-photo-avatar-desktop.png', fullPage: true });

  // The profile keeps the item; the pipeline makes its four sizes from the 512 × 512 square.
  const profile = await e2eData(T).profiles.get(member.sub);
  const media = e2eMediaData(T);
  await expect.poll(async () => (await media.media.get(profile!.avatarId))?.status, { timeout: 60_000, intervals: [1000] }).toBe('ready');
  const item = (await media.media.get(profile!.avatarId))!;
  expect(item).toMatchObject({ kind: 'image', ownerId: member.sub, derived: { width: 512, height: 512 } });
  expect(Object.keys(item.derived.sizes ?? {}).sort()).toEqual(['large1500', 'medium500', 'medium750', 'small300']);

  // The address redirects signed-in people of the tenant to the small size, cacheable for its version.
  const cookie = await sessionCookie(request, member);
  const own = await tenantApi(request, T).get(`/api/avatar?user=${encodeURIComponent(member.sub)}&v=${item.id}`, { headers: { Cookie: cookie }, maxRedirects: 0 });
  expect(own.status()).toBe(302);
  expect(own.headers()['location']).toContain('small300.webp');
  expect(own.headers()['cache-control']).toMatch(/max-age=\d+/);
  expect((await tenantApi(request, T).get(`/api/avatar?user=${encodeURIComponent(member.sub)}`, { maxRedirects: 0 })).status()).toBe(401);
  expect((await tenantApi(request, 'solana').get(`/api/avatar?user=${encodeURIComponent(member.sub)}`, { headers: { Cookie: await sessionCookie(request, await createUser('solana', 'avatar-other')) }, maxRedirects: 0 })).status()).toBe(404);
  expect((await tenantApi(request, T).get(`/api/avatar?user=${encodeURIComponent(organizer.sub)}`, { headers: { Cookie: cookie }, maxRedirects: 0 })).status()).toBe(404);

  // In a room, the member's messages carry the photo for everyone.
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const org = await enter(browser, request, organizer, T, 'liveEventsContainer', event.eventId);
  const par = await enter(browser, request, member, T, 'liveEventsContainer', event.eventId, { width: 390, height: 844 });
  await say(par.page, 'Hello, with my photo');
  const seen = messageWith(org.page, 'Hello, with my photo').getByTestId('chat-avatar-photo');
  await expect(seen).toHaveAttribute('src', `/api/avatar?user=${encodeURIComponent(member.sub)}&v=${item.id}`);
  await expect.poll(() => loaded(org.page, 'chat-avatar-photo')).toBe(true);
  await say(org.page, 'Welcome, no photo here');
  await expect(messageWith(par.page, 'Welcome, no photo here').getByTestId('chat-avatar')).toHaveText('TA');
  await par.page.screenshot({ path: 'test-reports/tools-photo-avatar-chat-phone.png', fullPage: true });
  await leave(org, par);
});

test('the changer takes only the person’s own images and removes the photo on request', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const [member, other] = await Promise.all([createUser(T, 'avatar-own'), createUser(T, 'avatar-stranger')]);
  const media = e2eMediaData(T);
  const [mine, theirs] = await Promise.all([
    seedMediaItem(media, { kind: 'image', owner: { sub: member.sub }, title: 'Mine' }),
    seedMediaItem(media, { kind: 'image', owner: { sub: other.sub }, title: 'Theirs' }),
  ]);
  const cookie = await sessionCookie(request, member);
  const post = (form: Record<string, string>) => tenantApi(request, T).post('/profilePhotoChanger', { headers: { Cookie: cookie }, form, maxRedirects: 0 });
  expect((await post({ intent: 'use', mediaId: theirs.id })).status()).toBe(404);
  // Another tenant's image, even one with the same owner id, is not found here.
  const elsewhere = await seedMediaItem(e2eMediaData('solana'), { kind: 'image', owner: { sub: member.sub }, title: 'Elsewhere' });
  expect((await post({ intent: 'use', mediaId: elsewhere.id })).status()).toBe(404);
  expect((await post({ intent: 'use', mediaId: 'not-an-id' })).status()).toBe(400);
  expect((await e2eData(T).profiles.get(member.sub))?.avatarId ?? '').toBe('');
  expect((await post({ intent: 'use', mediaId: mine.id })).status()).toBe(200);

  await signInContext(page.context(), page.request, member);
  await page.goto('/profilePhotoChanger');
  await hydrated(page);
  await expect(page.getByTestId('avatar-current-image')).toBeVisible();
  await page.getByTestId('avatar-remove').click();
  await expect(page.getByTestId('avatar-removed')).toBeVisible();
  await expect(page.getByTestId('avatar-none')).toBeVisible();
  await expect(page.getByTestId('account-avatar')).toHaveCount(0);
  await page.screenshot({ path: 'test-reports/tools-photo-avatar-phone.png', fullPage: true });
});

test('without a camera the changer says so, in the site’s language, and a file still works (French)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await createUser('lumiere', 'avatar-fr');
  await signInContext(page.context(), page.request, member);
  await page.goto(tenantUrl('lumiere', '/profilePhotoChanger'));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photo de profil');
  // This browser has no camera device: the browser refuses, and the page says what to do instead.
  await page.getByTestId('avatar-camera-start').click();
  await expect(page.getByTestId('avatar-camera-error')).toContainText('Ouvrez un fichier');
  await page.getByTestId('avatar-file').setInputFiles({ name: 'moi.jpg', mimeType: 'image/jpeg', buffer: await testJpeg() });
  await expect(page.getByTestId('avatar-crop').locator('img')).toBeVisible();
  await page.screenshot({ path: 'test-reports/tools-photo-avatar-fr-phone.png', fullPage: true });
});
