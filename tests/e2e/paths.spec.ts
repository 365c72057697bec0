/**
 * Clear paths for each role (issue 16, item 2; docs/decisions/0040-paths-for-each-role.md): the
 * header's Live events, landing after sign-in per role, the account menu per role, sign-up through
 * a prefilled /registerMe to where the person was going, display names instead of addresses, the
 * event page's one action per visitor state, Demo for anonymous visitors, pricing calls to action
 * and a member's dashboard.
 */
import type { Page } from '@playwright/test';
import { expect, TENANTS, tenantUrl, test, VIEWPORTS } from './fixtures';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { waitForCode } from './identity';
import { createUser, hydrated, signInContext, type TestUser } from './session-helpers';

const LANDING = '/userDashboard?tab=MyEvents';

async function signIn(page: Page, tenant: string, user: TestUser, path = '/signIn') {
  await page.goto(tenantUrl(tenant, path));
  if (await page.getByTestId('method-email').isVisible()) await page.getByTestId('method-email').click();
  await page.getByTestId('input-email').fill(user.username);
  await page.getByTestId('input-password').fill(user.password);
  await page.getByTestId('submit').click();
}

test.describe('Live events in the header', () => {
  for (const tenant of TENANTS) {
    test(`${tenant}: desktop top menu and phone drawer both lead to /liveEvents, marked current there`, async ({ page }) => {
      await page.setViewportSize(VIEWPORTS.xl);
      await page.goto(tenantUrl(tenant, '/liveEvents'));
      const link = page.getByTestId('top-menu').getByRole('link', { name: /^(Live events|En vivo|En direct)$/ });
      await expect(link).toHaveAttribute('href', '/liveEvents');
      await expect(link).toHaveAttribute('aria-current', 'page');
      await page.setViewportSize(VIEWPORTS.mobile);
      await page.goto(tenantUrl(tenant, '/'));
      const drawer = page.getByTestId('mobile-menu');
      // Keyboard: the drawer's summary opens with Enter.
      await drawer.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(drawer.getByRole('link', { name: /^(Live events|En vivo|En direct)$/ })).toHaveAttribute('href', '/liveEvents');
    });
  }
});

/** The last top-menu link ends before the header's actions begin (nothing hidden under the account area). */
async function expectHeaderFits(page: Page, label: string) {
  const links = page.getByTestId('top-menu').getByRole('link');
  const last = await links.nth((await links.count()) - 1).boundingBox();
  const actions = await page.getByTestId('header-actions').boundingBox();
  expect(last && actions && last.x + last.width <= actions.x, `${label}: menu ends at ${last ? last.x + last.width : '?'}, actions start at ${actions?.x}`).toBe(true);
}

test('the desktop header fits the eight menu entries beside the account area, signed out and in, on every tenant', async ({ page, context, request }) => {
  const widths = [1025, 1100, 1180, 1280];
  for (const tenant of TENANTS) {
    await page.goto(tenantUrl(tenant, '/'));
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await expectHeaderFits(page, `${tenant} signed out at ${width}px`);
    }
  }
  await signInContext(context, request, await createUser('lumiere', 'path-fit'));
  for (const tenant of ['lumiere'] as const) {
    await page.goto(tenantUrl(tenant, '/liveEvents'));
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await expectHeaderFits(page, `${tenant} signed in at ${width}px`);
    }
  }
});

test.describe('landing after sign-in and the account menu', () => {
  test('an organizer lands on their events with "Schedule an event"; the menu has Schedule and shows their name, not their address', async ({ page }) => {
    const organizer = await createUser('aurora', 'path-org', 'organizer');
    const event = await seedEvent('aurora', organizer, { eventDateTime: minutesFromNow(180) });
    await signIn(page, 'aurora', organizer);
    await page.waitForURL(tenantUrl('aurora', LANDING));
    await hydrated(page);
    await expect(page.getByTestId('quick-schedule-link')).toHaveAttribute('href', '/userDashboard?tab=ScheduleEvent');
    await expect(page.getByTestId('my-events-organizing').getByTestId('my-event').filter({ hasText: event.title })).toBeVisible();
    await expect(page.getByTestId('account-name')).toHaveText('Test path-org');
    await expect(page.getByTestId('account-menu')).not.toContainText('@');
    await page.getByTestId('account-menu').click();
    const items = page.getByTestId('account-menu-items').getByRole('menuitem');
    await expect(items).toHaveText(['My events', 'Schedule an event', 'Media', 'Orders', 'Payments', 'Profile', 'Security', 'Sign out']);
    await expect(page.getByTestId('account-item-schedule')).toHaveAttribute('href', '/userDashboard?tab=ScheduleEvent');
    await expect(page.getByTestId('account-item-payments')).toHaveAttribute('href', '/primeProfilePayments');
    // The organizer's dashboard without ?tab= keeps the specified ScheduleEvent default.
    await page.keyboard.press('Escape');
    await page.goto(tenantUrl('aurora', '/userDashboard'));
    await expect(page.getByRole('tab', { name: 'Schedule an event' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a participant lands on the events they registered for; their menu has no Schedule; an explicit redirectTo still wins', async ({ page, context }) => {
    const [organizer, member] = await Promise.all([createUser('solana', 'path-org2', 'organizer'), createUser('solana', 'path-member')]);
    const event = await seedEvent('solana', organizer, { eventDateTime: minutesFromNow(240) });
    await e2eData('solana').tickets.registerFree({ eventId: event.eventId, userId: member.sub, capacity: null });
    await signIn(page, 'solana', member);
    await page.waitForURL(tenantUrl('solana', LANDING));
    await hydrated(page);
    await expect(page.getByTestId('my-events-attending').getByTestId('my-event').filter({ hasText: event.title })).toBeVisible();
    await expect(page.getByTestId('quick-schedule')).toHaveCount(0);
    await page.getByTestId('account-menu').click();
    await expect(page.getByTestId('account-menu-items').getByRole('menuitem')).toHaveCount(7);
    await expect(page.getByTestId('account-item-schedule')).toHaveCount(0);
    await page.keyboard.press('Escape');
    // Phone: the drawer carries the same account links.
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.getByTestId('mobile-menu').locator('summary').click();
    await expect(page.getByTestId('mobile-account-name')).toHaveText('Test path-member');
    await expect(page.getByTestId('mobile-account-orders')).toHaveAttribute('href', '/userDashboard?tab=Orders');
    await expect(page.getByTestId('mobile-account-schedule')).toHaveCount(0);
    // Signed out, then in again with a destination: the destination wins.
    await context.clearCookies();
    await signIn(page, 'solana', member, '/signIn?redirectTo=%2Fpricing');
    await page.waitForURL(tenantUrl('solana', '/pricing'));
  });
});

test('sign-up goes to a prefilled /registerMe that asks no name or terms again, then to where the person was going', async ({ page }) => {
  const email = `path-new-${Date.now().toString(36)}@aurora.test.example`;
  await page.goto(tenantUrl('aurora', `/signUp?redirectTo=${encodeURIComponent('/liveEvents')}`));
  await page.getByTestId('input-givenName').fill('Ada');
  await page.getByTestId('input-familyName').fill('Lovelace');
  await page.getByTestId('input-email').fill(email);
  await page.getByTestId('input-password').fill('Sunny-Days-2026');
  await page.getByTestId('input-terms').check();
  const since = Date.now() - 1000;
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/signUpEmailSender\?email=/);
  const code = await waitForCode(email, { purpose: 'SignUp', since });
  await page.getByTestId('enter-code').click();
  await page.getByTestId('input-code').fill(code);
  await page.getByTestId('submit').click();
  await page.waitForURL((url) => url.pathname === '/registerMe' && url.searchParams.get('redirectTo') === '/liveEvents');
  await expect(page.getByTestId('register-known')).toContainText('Ada Lovelace');
  await expect(page.locator('input[name="displayName"]')).toHaveValue('Ada Lovelace');
  await expect(page.locator('input[name="firstName"]')).toHaveAttribute('type', 'hidden');
  await expect(page.getByTestId('input-terms')).toHaveCount(0);
  await page.getByTestId('submit').click();
  await page.waitForURL(tenantUrl('aurora', '/liveEvents'));
  await expect(page.getByTestId('account-name')).toHaveText('Ada Lovelace');
});

test.describe('the event page offers one action for the visitor state', () => {
  test('anonymous, free and registered, paid without a ticket, ticket holder', async ({ page, context, request }) => {
    const [organizer, member] = await Promise.all([createUser('aurora', 'path-ev-org', 'organizer'), createUser('aurora', 'path-ev-member')]);
    const free = await seedEvent('aurora', organizer, { capacity: 50 });
    const paid = await seedEvent('aurora', organizer, { ticketPrice: 1200 });
    const held = await seedEvent('aurora', organizer, { ticketPrice: 900 });
    await e2eData('aurora').tickets.grant({ eventId: held.eventId, userId: member.sub, orderId: 'path-order', kind: 'ticket' });

    await page.goto(tenantUrl('aurora', `/preview?event=${free.eventId}`));
    await expect(page.getByTestId('register')).toHaveText('Sign in to register');
    await expect(page.getByTestId('event-title')).toBeVisible();
    await expect(page.getByText('by Test organizer', { exact: true })).toBeVisible();

    await signInContext(context, request, member);
    await page.goto(tenantUrl('aurora', `/preview?event=${free.eventId}`));
    await hydrated(page);
    await expect(page.getByTestId('register')).toHaveText('Register');
    await page.getByTestId('register').click();
    await expect(page.getByTestId('access-holding')).toHaveText('You are registered.');
    await expect(page.getByTestId('join-later')).toBeDisabled();
    await expect(page.getByTestId('access-panel').getByRole('button')).toHaveCount(1);
    await expect(page.getByTestId('join-event')).toHaveCount(0);

    await page.goto(tenantUrl('aurora', `/preview?event=${paid.eventId}`));
    await expect(page.getByTestId('buy-ticket')).toHaveText('Buy ticket · $12.00');
    await expect(page.getByTestId('register')).toHaveCount(0);

    await page.goto(tenantUrl('aurora', `/preview?event=${held.eventId}`));
    await expect(page.getByTestId('access-holding')).toHaveText('You have a ticket.');
    await expect(page.getByTestId('buy-ticket')).toHaveCount(0);
    // My events lists both as upcoming.
    await page.goto(tenantUrl('aurora', LANDING));
    const attending = page.getByTestId('my-events-attending');
    await expect(attending.getByTestId('my-event').filter({ hasText: free.title })).toBeVisible();
    await expect(attending.getByTestId('my-event').filter({ hasText: held.title })).toBeVisible();
  });
});

test('Demo explains itself to anonymous visitors, with sign-in and sign-up that come back', async ({ page }) => {
  await page.goto(tenantUrl('lumiere', '/demoPage'));
  await expect(page.getByTestId('demo-illustration')).toBeVisible();
  await expect(page.getByTestId('demo-sign-up')).toHaveAttribute('href', '/signUp?redirectTo=%2FdemoPage');
  await expect(page.getByTestId('demo-sign-in')).toHaveAttribute('href', '/signIn?redirectTo=%2FdemoPage');
  await expect(page.getByTestId('demo-start')).toHaveCount(0);
});

test('pricing: a free plan starts with sign-up, paid plans open the sales form with the plan named', async ({ page }) => {
  await page.goto(tenantUrl('solana', '/pricing'));
  await expect(page.getByTestId('plan-gratis').getByTestId('plan-cta')).toHaveAttribute('href', '/signUp');
  await expect(page.getByTestId('plan-creador').getByTestId('plan-cta')).toHaveAttribute('href', '/requestInfo?topic=pricing&plan=creador');
  await page.getByTestId('plan-creador').getByTestId('plan-cta').click();
  await page.waitForURL((url) => url.pathname === '/requestInfo');
  await expect(page.locator('textarea[name="message"]')).toHaveValue(/Creator/);
  await expect(page.locator('select[name="topic"]')).toHaveValue('pricing');
});

test("a member's dashboard says why they cannot schedule and what they can do instead", async ({ page, context, request }) => {
  await signInContext(context, request, await createUser('lumiere', 'path-dash'));
  await page.goto(tenantUrl('lumiere', '/userDashboard?tab=ScheduleEvent'));
  await expect(page.getByTestId('schedule-members-only')).toBeVisible();
  const actions = page.getByTestId('member-actions').getByRole('link');
  await expect(actions).toHaveCount(4);
  await expect(page.getByTestId('become-organizer')).toHaveAttribute('href', '/requestInfo?topic=other');
});
