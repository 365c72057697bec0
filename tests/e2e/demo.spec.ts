/**
 * Instant demo rooms: /demoPage starts a room and enters it; /teamDemoPage makes an invite link
 * that brings a second person to the lobby; an unknown invite answers a clear 404 page.
 */
import { expect, tenantUrl, test } from './fixtures';
import { createUser, hydrated, signInContext } from './session-helpers';

const T = 'aurora';

test.describe('demo rooms', () => {
  test('signed-out visitors are told what the demo is and asked to sign in or create an account; the team demo needs sign-in', async ({ page }) => {
    await page.goto(tenantUrl(T, '/demoPage'));
    await expect(page.getByTestId('demo-anonymous')).toBeVisible();
    await expect(page.getByTestId('demo-start')).toHaveCount(0);
    await expect(page.getByTestId('demo-sign-in')).toHaveAttribute('href', '/signIn?redirectTo=%2FdemoPage');
    await page.goto(tenantUrl(T, '/teamDemoPage?invite=abc'));
    await expect(page).toHaveURL(/\/signIn\?redirectTo=%2FteamDemoPage%3Finvite%3Dabc$/);
  });

  test('/demoPage starts a demo room and lands in the ready-made conference layout', async ({ page, context, request }) => {
    const user = await createUser(T, 'demo');
    await signInContext(context, request, user);
    await page.goto(tenantUrl(T, '/demoPage'));
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Try a live room now');
    await page.getByTestId('demo-start').click();
    await page.waitForURL(/\/preBuilt\?event=[a-z0-9]{12}$/);
  });

  test('a team demo shows an invite link; a colleague who opens it lands in the lobby', async ({ page, context, request, browser }) => {
    const [owner, colleague] = await Promise.all([createUser(T, 'team-owner'), createUser(T, 'team-mate')]);
    await signInContext(context, request, owner);
    await page.goto(tenantUrl(T, '/teamDemoPage'));
    await hydrated(page);
    await page.getByTestId('team-create').click();
    await page.waitForURL(/\/teamDemoPage\?created=[a-z0-9]{12}$/);
    const eventId = new URL(page.url()).searchParams.get('created')!;
    const link = page.getByTestId('team-invite-link');
    await expect(link).toHaveValue(new RegExp(`^http://${T}\\.localhost:\\d+/teamDemoPage\\?invite=[A-Za-z0-9_-]{16}$`));
    const invite = await link.inputValue();
    await expect(page.getByTestId('team-enter')).toHaveAttribute('href', `/liveEventsContainer?event=${eventId}`);

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: tenantUrl(T, '') });
    await page.getByTestId('team-invite-copy').click();
    await expect(page.getByTestId('team-invite-copy-status')).toHaveText('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(invite);

    const other = await browser.newContext();
    try {
      await signInContext(other, request, colleague);
      const second = await other.newPage();
      await second.goto(invite);
      await second.waitForURL(tenantUrl(T, `/ety?event=${eventId}`));
      await expect(second.getByTestId('lobby-role')).toHaveText('You are a participant');
      // A demo starts now, so its room is already open for participants.
      await expect(second.getByTestId('lobby-join')).toHaveAttribute('href', `/liveEventsContainer?event=${eventId}`);
    } finally {
      await other.close();
    }

    // The owner enters the room straight away.
    await page.getByTestId('team-enter').click();
    await page.waitForURL(tenantUrl(T, `/liveEventsContainer?event=${eventId}`));
  });

  test('an unknown invite answers a clear page with status 404', async ({ page, context, request }) => {
    const user = await createUser(T, 'team-lost');
    await signInContext(context, request, user);
    const response = await page.goto(tenantUrl(T, '/teamDemoPage?invite=doesNotExist123'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invite link does not work');
    await expect(page.getByTestId('team-invite-invalid').getByRole('link', { name: 'Create a team demo' })).toHaveAttribute('href', '/teamDemoPage');
  });

  test("another tenant's invite does not work here", async ({ page, context, request, browser }) => {
    const [owner, stranger] = await Promise.all([createUser(T, 'team-a'), createUser('solana', 'team-b')]);
    await signInContext(context, request, owner);
    await page.goto(tenantUrl(T, '/teamDemoPage'));
    await hydrated(page);
    await page.getByTestId('team-create').click();
    await page.waitForURL(/\/teamDemoPage\?created=/);
    const code = new URL(await page.getByTestId('team-invite-link').inputValue()).searchParams.get('invite')!;
    const other = await browser.newContext();
    try {
      await signInContext(other, request, stranger);
      const second = await other.newPage();
      const response = await second.goto(tenantUrl('solana', `/teamDemoPage?invite=${code}`));
      expect(response?.status()).toBe(404);
    } finally {
      await other.close();
    }
  });
});
