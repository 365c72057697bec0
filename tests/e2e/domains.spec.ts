import { test, expect, tenantApi, tenantUrl } from './fixtures';
import { createUser, hydrated, signInContext } from './session-helpers';

/** The Domains tab of /userDashboard: a tenant admin's custom domains, what to publish to prove each, and Check now (docs/decisions/0076). */
test.describe('custom domains in the dashboard', () => {
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'lng', value: 'en', domain: 'lumiere.localhost', path: '/' }]);
  });

  test('an admin sees each domain waiting for proof with its TXT record and token URL, and Check now says why it failed', async ({ page, context, request }) => {
    await signInContext(context, request, await createUser('lumiere', 'domains', 'admin'));
    await page.goto(tenantUrl('lumiere', '/userDashboard?tab=Domains'));
    await hydrated(page);
    const card = page.getByTestId('domain-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: 'live.lumiere-studio.example' })).toBeVisible();
    await expect(card.getByTestId('domain-state')).toHaveText('Waiting for proof');
    await expect(card.getByTestId('domain-txt-name')).toHaveText('_eventplatform-verification.live.lumiere-studio.example');
    const token = (await card.getByTestId('domain-token').textContent())!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    await expect(card).toContainText(`http://live.lumiere-studio.example/.well-known/eventplatform-domain/${token}`);
    // The domain has no address here: the check fails, says why, and the token stays the same.
    await card.getByRole('button', { name: 'Check now' }).press('Enter');
    await expect(card.getByTestId('domain-state')).toHaveText('Check failed', { timeout: 30_000 });
    await expect(card.getByRole('status')).toHaveText('live.lumiere-studio.example was checked.');
    await expect(card).toContainText(/The domain has no address yet\.|No TXT record and no token were found\./);
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('domain-card').getByTestId('domain-state')).toHaveText('Check failed');
    await expect(page.getByTestId('domain-card').getByTestId('domain-token')).toHaveText(token);
  });

  test('a member is not offered the tab, and Check now answers them 403', async ({ page, context, request }) => {
    await signInContext(context, request, await createUser('lumiere', 'domainsm'));
    await page.goto(tenantUrl('lumiere', '/userDashboard?tab=Domains'));
    await hydrated(page);
    await expect(page.getByTestId('domain-card')).toHaveCount(0);
    await expect(page.getByText('Only the site’s administrators manage its domains.')).toBeVisible();
    const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await tenantApi(request, 'lumiere').post('/userDashboard?tab=Domains', {
      form: { intent: 'checkDomain', domain: 'live.lumiere-studio.example' },
      headers: { cookie: cookies, origin: tenantUrl('lumiere', '') },
    });
    // The action's own answer (a document request renders the page with it): the check never ran.
    expect(res.status()).toBe(403);
  });
});
