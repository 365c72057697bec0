import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, tenantApi, tenantUrl, test, VIEWPORTS } from './fixtures';
import { demoAccount, sentCodes, waitForCode } from './identity';

/** Account screens end to end through aws-amplify in the browser (issue 3). */

const PASSWORD = 'Sunny-Days-2026';
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

/** The verified user the root loader saw for this page (hydrated pages only), or null. */
async function rootUser(page: Page): Promise<{ email: string | null; sub: string } | null> {
  return page.evaluate(
    () =>
      (window as unknown as { __remixContext?: { state: { loaderData?: { root?: { user: { email: string | null; sub: string } | null } } } } }).__remixContext?.state.loaderData?.root
        ?.user ?? null,
  );
}

async function amplifyCookies(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.name.startsWith('CognitoIdentityServiceProvider.'));
}

/** A confirmed email user, created from Node through the tenant's identity gateway (as Amplify would). */
async function createUser(request: APIRequestContext, tenant: string, password = PASSWORD): Promise<string> {
  const api = tenantApi(request, tenant);
  const root = (await (await api.get('/signIn?_data=root')).json()) as { identity: { userPoolClientId: string } };
  const clientId = root.identity.userPoolClientId;
  const email = `${unique('acct')}@${tenant}.test.example`;
  const call = (target: string, body: object) =>
    api.post('/api/identity', {
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}` },
      data: JSON.stringify({ ClientId: clientId, ...body }),
    });
  const since = Date.now() - 1000;
  const signUp = await call('SignUp', {
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'given_name', Value: 'Test' },
      { Name: 'family_name', Value: 'User' },
      { Name: 'custom:tenantId', Value: tenant },
    ],
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const code = await waitForCode(email, { purpose: 'SignUp', since });
  const confirm = await call('ConfirmSignUp', { Username: email, ConfirmationCode: code });
  expect(confirm.status(), await confirm.text()).toBe(200);
  return email;
}

/** Where a sign-in with no redirectTo lands (docs/decisions/0040). */
const LANDING = '/userDashboard?tab=MyEvents';

async function signInWithEmail(page: Page, tenant: string, email: string, password: string, path = '/signIn') {
  await page.goto(tenantUrl(tenant, path));
  if (await page.getByTestId('method-email').isVisible()) await page.getByTestId('method-email').click();
  await page.getByTestId('input-email').fill(email);
  await page.getByTestId('input-password').fill(password);
  await page.getByTestId('submit').click();
}

test.describe('email sign-up', () => {
  for (const tenant of ['aurora', 'lumiere'] as const) {
    test(`${tenant}: sign up, code from the outbox, confirm, signed in`, { tag: tenant === 'aurora' ? '@smoke' : [] }, async ({ page }) => {
      // Five screens and a mail: a budget that holds on a loaded machine, where the first pages of a
      // fresh stack are slow.
      test.setTimeout(90_000);
      const email = `${unique('new')}@${tenant}.test.example`;
      await page.goto(tenantUrl(tenant, '/signUp'));
      // Client-side checks first: every field error at once, typed values kept.
      await page.getByTestId('input-givenName').fill('Ada');
      await page.getByTestId('input-password').fill('short');
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('error-familyName')).toBeVisible();
      await expect(page.getByTestId('error-email')).toBeVisible();
      await expect(page.getByTestId('error-password')).toBeVisible();
      await expect(page.getByTestId('error-terms')).toBeVisible();
      await expect(page.getByTestId('input-givenName')).toHaveValue('Ada');

      await page.getByTestId('input-familyName').fill('Lovelace');
      await page.getByTestId('input-email').fill(email);
      await page.getByTestId('input-password').fill(PASSWORD);
      await page.getByTestId('input-terms').check();
      const since = Date.now() - 1000;
      await page.getByTestId('submit').click();

      await expect(page).toHaveURL(/\/signUpEmailSender\?email=/);
      await expect(page.getByTestId('destination')).toContainText(`${email[0]}***@${tenant}.test.example`);
      const code = await waitForCode(email, { purpose: 'SignUp', since });
      await page.getByTestId('enter-code').click();
      await expect(page).toHaveURL(/\/signUpAuth\?username=/);
      await page.getByTestId('input-code').fill(code);
      await page.getByTestId('submit').click();

      // A new account goes through /registerMe (names and terms already kept), then where it was going.
      await page.waitForURL((url) => url.pathname === '/registerMe');
      await expect(page.getByTestId('register-known')).toBeVisible();
      await page.getByTestId('submit').click();
      await page.waitForURL(tenantUrl(tenant, LANDING));
      await expect.poll(() => rootUser(page).then((u) => u?.email)).toBe(email);
    });
  }

  test('aurora: an address that has an account gets the same next step, and its owner a mail instead', async ({ page }) => {
    const owner = demoAccount('aurora', 'member');
    await page.goto(tenantUrl('aurora', '/signUp'));
    await page.getByTestId('input-givenName').fill('Mallory');
    await page.getByTestId('input-familyName').fill('Prober');
    await page.getByTestId('input-email').fill(owner.username);
    await page.getByTestId('input-password').fill(PASSWORD);
    await page.getByTestId('input-terms').check();
    const since = Date.now() - 1000;
    await page.getByTestId('submit').click();
    // Like a new address: on to "code sent", no error (it used to say the account could not be created).
    await expect(page).toHaveURL(/\/signUpEmailSender\?email=/);
    await expect(page.getByTestId('destination')).toContainText(`${owner.username[0]}***@aurora.demo.example`);
    const notices = () => sentCodes().filter((m) => m.destination === owner.username && m.purpose === 'signUpAttempt' && Date.parse(m.at) >= since);
    await expect.poll(() => notices().length).toBe(1);
    // Asking for the code again answers as for a new address, and sends nothing.
    await page.getByTestId('resend').click();
    await expect(page.getByText('A new code is on its way.')).toBeVisible();
    expect(sentCodes().filter((m) => m.destination === owner.username && m.code && Date.parse(m.at) >= since)).toEqual([]);
    // Any code then fails as a wrong code does.
    await page.getByTestId('enter-code').click();
    await expect(page).toHaveURL(/\/signUpAuth\?username=/);
    await page.getByTestId('input-code').fill('123456');
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('form-error')).toHaveText('That code is not right. Check it, or ask for a new one.');
  });

  test('aurora: a wrong confirmation code is refused with a clear message', async ({ page }) => {
    const email = `${unique('code')}@aurora.test.example`;
    await page.goto(tenantUrl('aurora', '/signUp'));
    await page.getByTestId('input-givenName').fill('Grace');
    await page.getByTestId('input-familyName').fill('Hopper');
    await page.getByTestId('input-email').fill(email);
    await page.getByTestId('input-password').fill(PASSWORD);
    await page.getByTestId('input-terms').check();
    const since = Date.now() - 1000;
    await page.getByTestId('submit').click();
    await expect(page).toHaveURL(/\/signUpEmailSender/);
    const code = await waitForCode(email, { purpose: 'SignUp', since });
    await page.goto(tenantUrl('aurora', `/signUpAuth?username=${encodeURIComponent(email)}`));
    await page.getByTestId('input-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('form-error')).toBeVisible();
    await expect(page.getByTestId('input-code')).toHaveValue(code === '000000' ? '111111' : '000000');
    // Without the sign-up's in-memory state (a new page), confirming leads to /signIn with a notice.
    await page.getByTestId('input-code').fill(code);
    await page.getByTestId('submit').click();
    await expect(page).toHaveURL(/\/signIn\?notice=confirmed/);
    await expect(page.getByTestId('sign-in-notice')).toBeVisible();
  });
});

test.describe('phone sign-up', () => {
  test('solana: country picker defaults, E.164 validation, SMS code, signed in', async ({ page }) => {
    await page.goto(tenantUrl('solana', '/signUpPhoneNum'));
    const country = page.getByTestId('select-phoneCountry');
    await expect(country).toHaveValue('MX');
    const firstCodes = await country.locator('option').evaluateAll((options) => options.slice(0, 4).map((o) => (o as HTMLOptionElement).value));
    expect(firstCodes).toEqual(['MX', 'US', 'CA', 'CO']);

    await page.getByTestId('input-givenName').fill('Lupita');
    await page.getByTestId('input-familyName').fill('Nava');
    await page.getByTestId('input-phone').fill('12345');
    await page.getByTestId('input-password').fill(PASSWORD);
    await page.getByTestId('input-terms').check();
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('error-phone')).toBeVisible();
    await expect(page.getByTestId('input-givenName')).toHaveValue('Lupita');
    await page.getByTestId('input-phone').fill('55-abc');
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('error-phone')).toBeVisible();
    // A US number is not valid as a Mexican one until the country is switched.
    await country.selectOption('US');
    const local = `20155${String(Math.floor(Math.random() * 100000)).padStart(5, '0')}`;
    await page.getByTestId('input-phone').fill(local);
    const e164 = `+1${local}`;
    const since = Date.now() - 1000;
    await page.getByTestId('submit').click();
    await expect(page).toHaveURL(/\/verifyPhoneNumber\?phone=/);
    expect(decodeURIComponent(page.url())).toContain(`phone=${e164}`);
    const code = await waitForCode(e164, { purpose: 'SignUp', since });
    await page.getByTestId('input-code').fill(code);
    await page.getByTestId('submit').click();
    // A new account goes through /registerMe (names and terms already kept), then where it was going.
    await page.waitForURL((url) => url.pathname === '/registerMe');
    await expect(page.getByTestId('register-known')).toBeVisible();
    await page.getByTestId('submit').click();
    await page.waitForURL(tenantUrl('solana', LANDING));
    await expect.poll(() => rootUser(page).then((u) => Boolean(u))).toBe(true);
  });

  test('aurora: phone sign-up is not offered where the tenant has it off', async ({ page }) => {
    await page.goto(tenantUrl('aurora', '/signUpPhoneNum'));
    await expect(page.getByTestId('sign-up-phone-screen')).toContainText('not available');
    await expect(page.getByTestId('select-phoneCountry')).toHaveCount(0);
  });
});

test.describe('sign-in', () => {
  for (const tenant of ['aurora', 'solana'] as const) {
    test(`${tenant}: demo user signs in; a wrong password reads like an unknown user`, async ({ page, context }) => {
      const member = demoAccount(tenant, 'member');
      await page.goto(tenantUrl(tenant, '/signIn'));
      if (tenant === 'solana') {
        // Phone is solana's preference: offered first and selected, email next to it.
        await expect(page.getByTestId('method-phone')).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByTestId('select-phoneCountry')).toHaveValue('MX');
      }
      await signInWithEmail(page, tenant, member.username, 'Wrong-Password-1');
      const wrong = page.getByTestId('form-error');
      await expect(wrong).toBeVisible();
      const wrongText = await wrong.textContent();
      await expect(page.getByTestId('input-email')).toHaveValue(member.username);

      await page.getByTestId('input-email').fill(`nobody-${unique('x')}@${tenant}.test.example`);
      await page.getByTestId('input-password').fill('Wrong-Password-1');
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('form-error')).toHaveText(wrongText!);

      await page.getByTestId('input-email').fill(member.username);
      await page.getByTestId('input-password').fill(member.password);
      await page.getByTestId('submit').click();
      await page.waitForURL(tenantUrl(tenant, LANDING));
      await expect.poll(() => rootUser(page).then((u) => u?.email)).toBe(member.username);
      expect((await amplifyCookies(context)).length).toBeGreaterThan(0);
      // A signed-in visitor of /signIn moves on.
      await page.goto(tenantUrl(tenant, '/signIn?redirectTo=/terms'));
      await expect(page).toHaveURL(tenantUrl(tenant, '/terms'));
    });
  }

  for (const tenant of ['aurora', 'lumiere'] as const) {
    test(`${tenant}: a gated screen sends an anonymous visitor to sign in and back`, async ({ page }) => {
      const member = demoAccount(tenant, 'organizer');
      await page.goto(tenantUrl(tenant, '/changePassword'));
      await expect(page).toHaveURL(tenantUrl(tenant, '/signIn?redirectTo=%2FchangePassword'));
      await page.getByTestId('input-email').fill(member.username);
      await page.getByTestId('input-password').fill(member.password);
      await page.getByTestId('submit').click();
      await page.waitForURL(tenantUrl(tenant, '/changePassword'));
      await expect(page.getByTestId('change-password-screen')).toBeVisible();
    });
  }

  test('aurora: an off-site redirectTo is ignored', async ({ page }) => {
    const member = demoAccount('aurora', 'admin');
    await signInWithEmail(page, 'aurora', member.username, member.password, '/signIn?redirectTo=//evil.example/');
    await page.waitForURL(tenantUrl('aurora', LANDING));
  });
});

test.describe('password reset and change', () => {
  for (const tenant of ['aurora', 'solana'] as const) {
    test(`${tenant}: forgot password → code → new password → sign in with it`, async ({ page, request }) => {
      const email = await createUser(request, tenant);
      await page.goto(tenantUrl(tenant, '/forgotPassword'));
      if (await page.getByTestId('input-email').count() === 0) await page.getByRole('button', { name: /email/i }).click();
      // An unknown address gets exactly the same answer as a real one.
      await page.getByTestId('input-email').fill(`ghost-${unique('g')}@${tenant}.test.example`);
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('recovery-sent')).toBeVisible();
      const unknownText = await page.getByTestId('recovery-sent').textContent();

      await page.goto(tenantUrl(tenant, '/forgotPassword'));
      if (await page.getByTestId('input-email').count() === 0) await page.getByRole('button', { name: /email/i }).click();
      await page.getByTestId('input-email').fill(email);
      const since = Date.now() - 1000;
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('recovery-sent')).toHaveText(unknownText!);
      const code = await waitForCode(email, { purpose: 'ForgotPassword', since });
      await page.getByTestId('input-code').fill(code);
      await page.getByTestId('input-password').fill('New-Password-77');
      await page.getByTestId('input-confirmPassword').fill('New-Password-7');
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('error-confirmPassword')).toBeVisible();
      await page.getByTestId('input-confirmPassword').fill('New-Password-77');
      await page.getByTestId('submit').click();
      await expect(page).toHaveURL(/\/signIn\?notice=reset/);
      await expect(page.getByTestId('input-email')).toHaveValue(email);
      await page.getByTestId('input-password').fill('New-Password-77');
      await page.getByTestId('submit').click();
      await page.waitForURL(tenantUrl(tenant, LANDING));
      await expect.poll(() => rootUser(page).then((u) => u?.email)).toBe(email);
    });

    test(`${tenant}: change password when signed in`, async ({ page, request }) => {
      const email = await createUser(request, tenant);
      await signInWithEmail(page, tenant, email, PASSWORD, '/signIn?redirectTo=%2FchangePassword');
      await page.waitForURL(tenantUrl(tenant, '/changePassword'));
      await page.getByTestId('input-oldPassword').fill('Not-The-Password-1');
      await page.getByTestId('input-password').fill('Brand-New-Pass-9');
      await page.getByTestId('input-confirmPassword').fill('Brand-New-Pass-9');
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('form-error')).toBeVisible();
      await page.getByTestId('input-oldPassword').fill(PASSWORD);
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('change-password-done')).toBeVisible();

      await page.goto(tenantUrl(tenant, '/signOut'));
      await page.waitForURL(tenantUrl(tenant, '/'));
      await signInWithEmail(page, tenant, email, 'Brand-New-Pass-9');
      await page.waitForURL(tenantUrl(tenant, LANDING));
      await expect.poll(() => rootUser(page).then((u) => u?.email)).toBe(email);
    });
  }
});

test.describe('registerMe', () => {
  for (const tenant of ['solana', 'lumiere'] as const) {
    test(`${tenant}: field errors keep typed values; saved values come back`, async ({ page, request }) => {
      const email = await createUser(request, tenant);
      await signInWithEmail(page, tenant, email, PASSWORD, '/signIn?redirectTo=%2FregisterMe');
      await page.waitForURL(tenantUrl(tenant, '/registerMe'));
      const form = page.getByTestId('register-screen');
      // A name over the limit is refused with the rule, and kept whole (nothing is cut while typing).
      const longName = 'Chloé '.repeat(14);
      await form.locator('input[name=displayName]').fill(longName);
      await form.locator('input[name=firstName]').fill('Chloé');
      await form.locator('input[name=lastName]').fill('');
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('error-displayName')).toHaveText(tenant === 'solana' ? 'Use at most 80 characters.' : 'Utilisez au plus 80 caractères.'); // Solana answers in the browser's English until a language is saved
      await expect(page.getByTestId('error-lastName')).toBeVisible();
      await expect(page.getByTestId('error-terms')).toBeVisible();
      await expect(form.locator('input[name=firstName]')).toHaveValue('Chloé');
      await expect(form.locator('input[name=displayName]')).toHaveValue(/^(Chloé ){13}Chloé ?$/);

      const language = tenant === 'solana' ? 'es' : 'fr';
      await form.locator('input[name=displayName]').fill('Chloé D.');
      await form.locator('input[name=lastName]').fill('Durand');
      await form.locator('select[name=language]').selectOption(language);
      await form.locator('select[name=timeZone]').selectOption('Europe/Paris');
      await page.getByTestId('input-terms').check();
      await page.getByTestId('submit').click();
      await expect(page).toHaveURL(tenantUrl(tenant, '/registerMe?saved=1'));
      await expect(page.getByTestId('register-saved')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', tenant === 'solana' ? 'es-MX' : language);
      await page.reload();
      await expect(form.locator('input[name=displayName]')).toHaveValue('Chloé D.');
      await expect(form.locator('input[name=lastName]')).toHaveValue('Durand');
      await expect(form.locator('select[name=timeZone]')).toHaveValue('Europe/Paris');
      await expect(form.locator('select[name=language]')).toHaveValue(language);
      await expect(page.getByTestId('input-terms')).toBeChecked();
    });
  }
});

test.describe('commonVerifier', () => {
  for (const tenant of ['aurora', 'lumiere'] as const) {
    test(`${tenant}: a changed email takes effect once verified with the code sent to it`, async ({ page, context, request }) => {
      const email = await createUser(request, tenant);
      await signInWithEmail(page, tenant, email, PASSWORD, '/signIn?redirectTo=%2FcommonVerifier');
      await page.waitForURL(tenantUrl(tenant, '/commonVerifier'));
      await expect(page.getByTestId('attribute-email')).toBeVisible();

      // Change the email from Node with the user's own access token: the new address is pending.
      const access = (await amplifyCookies(context)).find((c) => c.name.endsWith('.accessToken'))!.value;
      const newEmail = `${unique('moved')}@${tenant}.test.example`;
      const update = await tenantApi(request, tenant).post('/api/identity', {
        headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.UpdateUserAttributes' },
        data: JSON.stringify({ AccessToken: access, UserAttributes: [{ Name: 'email', Value: newEmail }] }),
      });
      expect(update.status(), await update.text()).toBe(200);
      await page.reload();
      // The pool keeps the old, verified address active until the new one is verified.
      const row = page.getByTestId('attribute-email');
      await expect(row.getByTestId('status')).toHaveText(/^(Verified|Vérifié)$/);
      await expect(row).toContainText(`${email[0]}***@`);
      // The update itself sent a first code; only the one the button sends now counts.
      const since = Date.now();
      await row.getByTestId('verify-change').click();
      const code = await waitForCode(newEmail, { since });
      await expect(row).toContainText(`${newEmail[0]}***@${tenant}.test.example`);
      await row.getByTestId('input-code').fill(code);
      await row.getByTestId('confirm').click();
      await expect(row.getByTestId('status')).toHaveText(/^(Verified|Vérifié)$/);
      await expect(row.getByTestId('verify-change')).toBeVisible();
      await expect(row).toContainText(`${newEmail[0]}***@${tenant}.test.example`);
      await expect(row).not.toContainText(`${email[0]}***@`);
    });
  }
});

test.describe('guest verification', () => {
  for (const tenant of ['aurora', 'lumiere'] as const) {
    test(`${tenant}: name + email, emailed code, verified guest`, async ({ page, context }) => {
      const email = `${unique('guest')}@${tenant}.test.example`;
      await page.goto(tenantUrl(tenant, '/guestVerification'));
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('error-name')).toBeVisible();
      const screen = page.getByTestId('guest-screen');
      await screen.locator('input[name=name]').fill('Guest Star');
      await screen.locator('input[name=email]').fill(email);
      const since = Date.now() - 1000;
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('destination')).toBeVisible();
      const code = await waitForCode(email, { purpose: 'GuestVerification', since });
      await screen.locator('input[name=code]').fill(code === '000000' ? '111111' : '000000');
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('error-code')).toBeVisible();
      await screen.locator('input[name=code]').fill(code);
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('guest-verified')).toContainText('Guest Star');
      const cookie = (await context.cookies()).find((c) => c.name === 'guest');
      expect(cookie?.httpOnly).toBe(true);
      await page.reload();
      await expect(page.getByTestId('guest-verified')).toBeVisible();
    });
  }
});

test.describe('sign-out', () => {
  for (const tenant of ['aurora', 'solana'] as const) {
    test(`${tenant}: /signOut clears the session, lands home, and the old tokens stop working`, async ({ page, context, request }) => {
      const email = await createUser(request, tenant);
      await signInWithEmail(page, tenant, email, PASSWORD);
      await page.waitForURL(tenantUrl(tenant, LANDING));
      await expect.poll(() => rootUser(page).then((u) => u?.email)).toBe(email);
      const cookieHeader = (await amplifyCookies(context)).map((c) => `${c.name}=${c.value}`).join('; ');
      const before = await tenantApi(request, tenant).get('/changePassword', { headers: { Cookie: cookieHeader }, maxRedirects: 0 });
      expect(before.status()).toBe(200);

      await page.goto(tenantUrl(tenant, '/signOut'));
      await page.waitForURL(tenantUrl(tenant, '/'));
      expect(await amplifyCookies(context)).toEqual([]);
      await page.goto(tenantUrl(tenant, '/changePassword'));
      await expect(page).toHaveURL(/\/signIn\?redirectTo=/);

      // Global sign-out: the same tokens, replayed, are refused by the server.
      await expect
        .poll(async () => (await tenantApi(request, tenant).get('/changePassword', { headers: { Cookie: cookieHeader }, maxRedirects: 0 })).status(), { timeout: 10_000 })
        .toBe(302);
    });
  }
});

test.describe('layouts', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`account screens fit the ${name} viewport`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of ['/signIn', '/signUp', '/signUpUltimate', '/signUpPanel', '/forgotPassword', '/guestVerification']) {
        await page.goto(tenantUrl('solana', path));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(0);
      }
    });
  }

  test('aurora: sign-up hub lists the enabled methods, links social providers', async ({ page }) => {
    await page.goto(tenantUrl('aurora', '/signUpPanel'));
    await expect(page.getByTestId('method-email')).toBeVisible();
    await expect(page.getByTestId('method-phone')).toHaveCount(0);
    await expect(page.getByTestId('method-Google')).toHaveAttribute('href', '/ssoSignUpGoogle');
    await page.goto(tenantUrl('solana', '/signUpUltimate'));
    await expect(page.getByTestId('sign-up-phone-form')).toBeVisible();
    await expect(page.getByTestId('sign-up-email-form')).toBeVisible();
    await expect(page.getByTestId('method-TikTok')).toHaveAttribute('href', '/ssoSignUpTikTok');
  });
});

test.describe('forms only the script submits', () => {
  // Before the page's script runs (a slow phone, or scripts off), a press of Enter or of the
  // button must not send a password or a code anywhere, least of all into a GET query string.
  test.use({ javaScriptEnabled: false });
  for (const path of ['/signIn', '/signUp', '/passwordRecovery', '/signUpAuth?username=someone%40aurora.test.example']) {
    test(`${path}: nothing can be submitted before the script runs, and the form posts`, async ({ page }) => {
      await page.goto(tenantUrl('aurora', path));
      const forms = page.locator('form').filter({ has: page.locator('input[type=password], input[name=email], input[name=code]') });
      await expect(forms.first()).toBeVisible();
      const count = await forms.count();
      for (let i = 0; i < count; i += 1) {
        const form = forms.nth(i);
        await expect(form).toHaveAttribute('method', 'post');
        for (const control of await form.locator('input:not([type=hidden]), button[type=submit]').all()) await expect(control).toBeDisabled();
      }
    });
  }
});
