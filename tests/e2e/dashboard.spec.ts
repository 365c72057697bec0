import { test, expect, tenantApi, tenantUrl, VIEWPORTS } from './fixtures';
import { createUser, hydrated, signInContext, totp } from './session-helpers';

/** /userDashboard and the header's account area (throwaway users: the security tab changes MFA). */
for (const tenant of ['aurora', 'lumiere'] as const) {
  test.describe(`dashboard on ${tenant}`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addCookies([{ name: 'lng', value: 'en', domain: `${tenant}.localhost`, path: '/' }]);
    });

    test('anonymous visitors go to /signIn and come back after', async ({ request }) => {
      const res = await tenantApi(request, tenant).get('/userDashboard?tab=Security', { maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers().location).toBe(`/signIn?redirectTo=${encodeURIComponent('/userDashboard?tab=Security')}`);
    });

    test('defaults: a member opens on My events (organizers keep ScheduleEvent), is not offered scheduling, and a link to it says what they can do instead', async ({ page, context, request }) => {
      const user = await createUser(tenant, 'dash');
      await signInContext(context, request, user);
      await page.goto(tenantUrl(tenant, '/userDashboard'));
      await hydrated(page);
      await expect(page.getByTestId('dashboard-side-menu').getByRole('link', { name: 'Scheduled events' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('tab', { name: 'My events' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('my-events-attending-empty')).toBeVisible();
      await expect(page.getByTestId('my-events-browse')).toHaveAttribute('href', '/liveEvents');
      await expect(page.getByRole('tab', { name: 'Schedule an event' })).toHaveCount(0);
      await page.goto(tenantUrl(tenant, '/userDashboard?tab=ScheduleEvent'));
      await hydrated(page);
      await expect(page.getByTestId('schedule-members-only')).toContainText('Scheduling is for organizers');
      await expect(page.getByTestId('schedule-event-tab').getByRole('link', { name: 'See live and upcoming events' })).toHaveAttribute('href', '/liveEvents');
      // Header: who is signed in (their name, not their address), with the account menu and sign-out.
      await page.getByTestId('account-menu').click();
      await expect(page.getByTestId('account-menu-user')).toHaveText('Test dash');
      await expect(page.getByRole('menuitem', { name: 'My events' })).toHaveAttribute('href', '/userDashboard?tab=MyEvents');
      await expect(page.getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute('href', '/signOut');
      await page.keyboard.press('Escape');
      // Profile tab: email and groups, link to the profile form.
      await page.getByTestId('dashboard-menu-account').click();
      await expect(page).toHaveURL(/\?tab=Profile$/);
      await expect(page.getByTestId('profile-email')).toHaveText(user.username);
      await expect(page.getByTestId('profile-groups')).toContainText('member');
      await expect(page.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/registerMe');
    });

    test('tabs by keyboard, and the tab survives a reload', async ({ page, context, request }) => {
      await signInContext(context, request, await createUser(tenant, 'keys'));
      await page.goto(tenantUrl(tenant, '/userDashboard'));
      await hydrated(page);
      // The side menu by keyboard.
      await page.getByTestId('dashboard-menu-account').focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\?tab=Profile$/);
      await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
      // Arrow keys move between tabs and select them.
      await page.getByRole('tab', { name: 'Profile' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Security' })).toBeFocused();
      await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/\?tab=Security$/);
      await page.reload();
      await hydrated(page);
      await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/changePassword');
    });

    test('mobile: the side menu is a drawer', async ({ page, context, request }) => {
      await page.setViewportSize(VIEWPORTS.mobile);
      await signInContext(context, request, await createUser(tenant, 'mobile'));
      await page.goto(tenantUrl(tenant, '/userDashboard'));
      await hydrated(page);
      await expect(page.getByTestId('dashboard-side-menu')).toBeHidden();
      await page.getByTestId('dashboard-menu-button').click();
      const drawer = page.getByTestId('dashboard-drawer');
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('link', { name: 'Scheduled events' })).toHaveAttribute('aria-current', 'page');
      await drawer.getByRole('link', { name: 'Account' }).click();
      await expect(page).toHaveURL(/\?tab=Profile$/);
      await expect(drawer).toBeHidden();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    });

    test('security tab: two-factor on via enrolment, off with the switch', async ({ page, context, request }) => {
      await signInContext(context, request, await createUser(tenant, 'toggle'));
      await page.goto(tenantUrl(tenant, '/userDashboard?tab=Security'));
      await hydrated(page);
      const toggle = page.getByTestId('mfa-switch');
      await expect(toggle.locator('input')).not.toBeChecked();
      await expect(toggle).toContainText('Off');
      await toggle.click();
      await expect(page).toHaveURL(/\/twoFactorEnrollment$/);
      await page.getByTestId('choose-totp').click();
      const secret = (await page.getByTestId('totp-secret').innerText()).trim();
      await page.getByTestId('code-input').fill(totp(secret));
      await page.getByRole('button', { name: 'Verify and turn on' }).click();
      await expect(page).toHaveURL(/\/twoFactorEnrollSuccess/);
      await page.goto(tenantUrl(tenant, '/userDashboard?tab=Security'));
      await hydrated(page);
      await expect(toggle.locator('input')).toBeChecked();
      await expect(page.getByTestId('mfa-methods')).toContainText('Authenticator app');
      await toggle.click();
      await expect(toggle.locator('input')).not.toBeChecked();
      await expect(toggle).toContainText('Off');
      await page.reload();
      await hydrated(page);
      await expect(toggle.locator('input')).not.toBeChecked();
    });

    test('"Sign out everywhere" ends the session and goes home', async ({ page, context, request }) => {
      await signInContext(context, request, await createUser(tenant, 'everywhere'));
      await page.goto(tenantUrl(tenant, '/userDashboard?tab=Security'));
      await hydrated(page);
      await page.getByTestId('sign-out-everywhere').click();
      await expect(page).toHaveURL(tenantUrl(tenant, '/'));
      await expect(page.getByTestId('account-menu')).toHaveCount(0);
      await page.goto(tenantUrl(tenant, '/userDashboard'));
      await expect(page).toHaveURL(/\/signIn\?redirectTo=%2FuserDashboard$/);
    });
  });
}

test.describe('header account area', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`signed out at ${name}: sign in and sign up links, no JavaScript needed`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(tenantUrl('solana', '/aboutUs'));
      // A compact account button below 768px and from 1025 to 1179px, where the top menu needs the room (docs/decisions/0040).
      if (viewport.width < 768 || (viewport.width >= 1025 && viewport.width < 1180)) {
        await page.getByTestId('account-links-mobile').locator('summary').click();
        const links = page.getByTestId('account-links-mobile');
        await expect(links.getByRole('link', { name: /sign in|iniciar sesión/i })).toHaveAttribute('href', '/signIn');
        await expect(links.getByRole('link', { name: /sign up|registrarse/i })).toHaveAttribute('href', '/signUp');
      } else {
        const links = page.getByTestId('account-links');
        await expect(links.getByRole('link', { name: /sign in|iniciar sesión/i })).toHaveAttribute('href', '/signIn');
        await expect(links.getByRole('link', { name: /sign up|registrarse/i })).toHaveAttribute('href', '/signUp');
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await context.close();
    });
  }
});
