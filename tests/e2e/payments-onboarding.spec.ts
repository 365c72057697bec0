/**
 * Payout onboarding through account links with the local test provider: connect from
 * /primeProfilePayments, fill the provider's page, come back to /accountLinkReturn (active); an
 * expired link leads to /accountLinkRefresh, which sends the organizer on to a fresh link.
 */
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { expireAccountLink } from './payments-helpers';
import { createUser, signInContext } from './session-helpers';

test('an organizer onboards a payout account, and an expired link is refreshed', async ({ page, context, request }) => {
  const organizer = await createUser('aurora', 'payout-org', 'organizer');
  await signInContext(context, request, organizer);
  await page.goto(tenantUrl('aurora', '/primeProfilePayments'));
  await pageHydrated(page);
  await expect(page.getByTestId('payout-account')).toHaveAttribute('data-status', 'none');
  await expect(page.getByTestId('payments-balance')).toContainText('Nothing yet');

  // Connect: the provider's onboarding page (clearly the test provider).
  await page.getByTestId('payout-onboard').click();
  await expect(page.getByTestId('testpay-banner')).toContainText('Test payments — no real money');
  const firstLink = page.url();

  // Too late: the link expired; reloading it goes to /accountLinkRefresh, which opens a fresh one.
  await expireAccountLink(firstLink);
  await page.reload();
  await expect(page.getByLabel('Business name')).toBeVisible();
  expect(page.url()).not.toBe(firstLink);

  await page.getByLabel('Business name').fill('Olga Live Events');
  await page.getByLabel('Country').selectOption('MX');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/accountLinkReturn$/);
  await expect(page.getByTestId('account-link-status')).toHaveAttribute('data-status', 'active');

  await page.getByRole('link', { name: 'Back to payments' }).click();
  await expect(page.getByTestId('payout-account')).toHaveAttribute('data-status', 'active');
  // A used link cannot be used again: it leads to a fresh one.
  await page.goto(firstLink);
  await expect(page.getByLabel('Business name')).toBeVisible();
});

test('the onboarding pages speak the organizer’s language, and members are told payouts are for organizers', async ({ page, context, request }) => {
  const organizer = await createUser('solana', 'payout-es', 'organizer');
  await signInContext(context, request, organizer);
  await context.addCookies([{ name: 'lng', value: 'es', domain: 'solana.localhost', path: '/' }]);
  await page.goto(tenantUrl('solana', '/primeProfilePayments'));
  await pageHydrated(page);
  await page.getByTestId('payout-onboard').click();
  await expect(page.getByTestId('testpay-banner')).toContainText('Pagos de prueba');

  const member = await createUser('lumiere', 'payout-member');
  await signInContext(context, request, member);
  await page.goto(tenantUrl('lumiere', '/primeProfilePayments'));
  await expect(page.getByTestId('payments-organizer-only')).toBeVisible();
});

test('/accountLinkRefresh without an account says so', async ({ page, context, request }) => {
  const organizer = await createUser('aurora', 'payout-none', 'organizer');
  await signInContext(context, request, organizer);
  await page.goto(tenantUrl('aurora', '/accountLinkRefresh'));
  await expect(page.getByTestId('account-link-problem')).toContainText('no payout account');
});
