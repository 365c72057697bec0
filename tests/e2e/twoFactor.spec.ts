import { test, expect, tenantApi, tenantUrl } from './fixtures';
import { waitForCode } from './identity';
import { cognito, createUser, hydrated, poolOf, signInContext, totp, type TestUser } from './session-helpers';
import type { Page } from '@playwright/test';

/**
 * Two-factor: authenticator-app enrolment (QR + secret, code computed here per RFC 6238), then a
 * sign-in that stops for the code on /twoFactorSignInVerify. Throwaway users: turning MFA on
 * must not change the shared demo accounts other tests sign in with.
 */

/** Enrols TOTP through the screens and returns the secret read from the page. */
async function enrolTotp(page: Page, tenant: string): Promise<string> {
  await page.goto(tenantUrl(tenant, '/twoFactorEnrollment'));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('mfa-status')).toBeVisible();
  await page.getByTestId('choose-totp').click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  await expect(page.getByTestId('totp-qr').locator('svg')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByTestId('code-input').fill(totp(secret));
  await page.getByRole('button', { name: /verify|verificar|vérifier/i }).click();
  await expect(page).toHaveURL(/\/twoFactorEnrollSuccess\?method=totp$/);
  await expect(page.getByTestId('enroll-success')).toBeVisible();
  return secret;
}

/** Starts a password sign-in through the gateway and leaves Amplify's pending challenge in the tab. */
async function pendingChallenge(page: Page, request: Parameters<typeof cognito>[0], user: TestUser) {
  const pool = poolOf(user.tenant);
  const { status, body } = await cognito(request, user.tenant, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: pool.appClientId,
    AuthParameters: { USERNAME: user.username, PASSWORD: user.password },
  });
  expect(status).toBe(200);
  expect(body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  const username = (body.ChallengeParameters as Record<string, string> | undefined)?.USER_ID_FOR_SRP ?? user.username;
  return { session: String(body.Session), username };
}

for (const tenant of ['aurora', 'solana'] as const) {
  test.describe(`two-factor on ${tenant}`, () => {
    // Enrolment, sign-out and a second sign-in: several screens, a budget that holds on a loaded machine.
    test.describe.configure({ timeout: 60_000 });
    test('authenticator enrolment, then sign-in asks for the code', async ({ page, context, request }) => {
      const user = await createUser(tenant, 'totp');
      await signInContext(context, request, user);
      const secret = await enrolTotp(page, tenant);
      await expect(page.getByTestId('enroll-success')).toContainText(/Authenticator|autenticación/);

      // The security tab shows it on.
      await page.getByRole('link', { name: /security settings|configuración de seguridad/i }).click();
      await expect(page).toHaveURL(/\/userDashboard\?tab=Security/);
      await expect(page.getByTestId('mfa-switch').locator('input')).toBeChecked();

      // Sign out, then a password sign-in stops at the second factor.
      await context.clearCookies();
      const { session, username } = await pendingChallenge(page, request, user);
      // Amplify keeps an unfinished sign-in in sessionStorage (CognitoSignInState.*); /signIn puts it there.
      await page.goto(tenantUrl(tenant, '/support'));
      await page.evaluate(
        ({ session, username }) => {
          sessionStorage.setItem('CognitoSignInState.username', username);
          sessionStorage.setItem('CognitoSignInState.challengeName', 'SOFTWARE_TOKEN_MFA');
          sessionStorage.setItem('CognitoSignInState.signInSession', session);
          sessionStorage.setItem('CognitoSignInState.expiry', String(Date.now() + 3 * 60 * 1000));
        },
        { session, username },
      );
      await page.goto(tenantUrl(tenant, '/twoFactorSignInVerify?redirectTo=%2FuserDashboard%3Ftab%3DProfile'));
      await page.getByTestId('code-input').fill('000000');
      await page.getByRole('button', { name: /verify|verificar/i }).click();
      await expect(page.getByText(/not right|no es correcto/)).toBeVisible();
      // A fresh code: the one for the next 30-second step if the current one was just used at enrolment.
      await page.getByTestId('code-input').fill(totp(secret, Date.now() + 30_000));
      await page.getByRole('button', { name: /verify|verificar/i }).click();
      await expect(page).toHaveURL(/\/userDashboard\?tab=Profile$/);
      await expect(page.getByTestId('profile-email')).toHaveText(user.username);
      await expect(page.getByTestId('account-menu')).toBeVisible();
    });

    test('sign-in through /signIn continues to the second factor', async ({ page, context, request }) => {
      const user = await createUser(tenant, 'signin');
      await signInContext(context, request, user);
      const secret = await enrolTotp(page, tenant);
      await context.clearCookies();
      await page.goto(tenantUrl(tenant, '/signIn?redirectTo=%2FuserDashboard'));
      // Tenants that prefer phone sign-in (solana) open on the phone tab.
      const emailTab = page.getByRole('tab', { name: /^(email|correo)/i });
      if (await emailTab.count()) await emailTab.click();
      await page.getByRole('textbox', { name: /email/i }).fill(user.username);
      await page.getByLabel(/password|contraseña/i).first().fill(user.password);
      await page.getByRole('button', { name: /^(sign in|iniciar sesión)$/i }).click();
      await expect(page).toHaveURL(/\/twoFactorSignInVerify/);
      await page.getByTestId('code-input').fill(totp(secret, Date.now() + 30_000));
      await page.getByRole('button', { name: /verify|verificar/i }).click();
      await expect(page).toHaveURL(/\/userDashboard$/);
      // A member's dashboard opens on their events (organizers keep ScheduleEvent).
      await expect(page.getByRole('tab', { name: /^(My events|Mis eventos)$/ })).toHaveAttribute('aria-selected', 'true');
    });

    test('without a pending sign-in the verify screen says so and links to /signIn', async ({ page }) => {
      await page.goto(tenantUrl(tenant, '/twoFactorSignInVerify?redirectTo=%2FuserDashboard'));
      await expect(page.getByTestId('no-challenge')).toBeVisible();
      const link = page.getByRole('link', { name: /go to sign in|ir a iniciar sesión/i });
      await expect(link).toHaveAttribute('href', '/signIn?redirectTo=%2FuserDashboard');
    });

    test('enrolment screens require a signed-in user', async ({ request }) => {
      for (const path of ['/twoFactorEnrollment', '/twoFactorAddPhone', '/twoFactorVerifyPhone', '/twoFactorEnrollSuccess']) {
        const res = await tenantApi(request, tenant).get(path, { maxRedirects: 0 });
        expect(res.status(), path).toBe(302);
        expect(res.headers().location).toBe(`/signIn?redirectTo=${encodeURIComponent(path)}`);
      }
    });

    test('SMS: add phone validates the number and keeps what was typed', async ({ page, context, request }) => {
      const user = await createUser(tenant, 'sms');
      await signInContext(context, request, user);
      await page.goto(tenantUrl(tenant, '/twoFactorEnrollment'));
      await hydrated(page);
      await page.getByTestId('choose-sms').click();
      await expect(page).toHaveURL(/\/twoFactorAddPhone$/);
      // The tenant's default country (default us: docs/PRODUCT.md, Rules: phone numbers; solana is configured for mx).
      await expect(page.getByTestId('phone-country')).toHaveValue(tenant === 'solana' ? 'MX' : 'US');
      await page.getByTestId('phone-number').fill('12');
      await page.getByRole('button', { name: /send code|enviar código/i }).click();
      await expect(page.getByText(/valid phone number|no parece válido/)).toBeVisible();
      await expect(page.getByTestId('phone-number')).toHaveValue('12');
    });
    // Pending: cognito-local's GetUserAttributeVerificationCode ignores AttributeName and delivers by the
    // pool's AutoVerifiedAttributes (['email']), so the phone's code goes to the email address and no SMS
    // reaches the outbox. Runs once the local compatibility layer routes phone_number codes by SMS.
    test('SMS: add and verify the phone, then sign-in asks for the texted code', async ({ page, context, request }) => {
      const user = await createUser(tenant, 'smsflow');
      await signInContext(context, request, user);
      const national = `201555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
      const e164 = `+1${national}`;
      await page.goto(tenantUrl(tenant, '/twoFactorAddPhone'));
      await hydrated(page);
      await page.getByTestId('phone-country').selectOption('US');
      await page.getByTestId('phone-number').fill(national);
      const since = Date.now() - 1000;
      await page.getByRole('button', { name: /send code|enviar código/i }).click();
      await expect(page).toHaveURL(/\/twoFactorVerifyPhone\?phone=/);
      const code = await waitForCode(e164, { since });
      await page.getByTestId('code-input').fill(code);
      await page.getByRole('button', { name: /confirm and turn on|confirmar y activar/i }).click();
      await expect(page).toHaveURL(/\/twoFactorEnrollSuccess\?method=sms$/);
      await expect(page.getByTestId('enroll-success')).toContainText(/SMS/);

      await context.clearCookies();
      await page.goto(tenantUrl(tenant, '/signIn?redirectTo=%2FuserDashboard%3Ftab%3DSecurity'));
      const emailTab = page.getByRole('tab', { name: /^(email|correo)/i });
      if (await emailTab.count()) await emailTab.click();
      await page.getByRole('textbox', { name: /email/i }).fill(user.username);
      await page.getByLabel(/password|contraseña/i).first().fill(user.password);
      const signInAt = Date.now() - 1000;
      await page.getByRole('button', { name: /^(sign in|iniciar sesión)$/i }).click();
      await expect(page).toHaveURL(/\/twoFactorSignInVerify/);
      await expect(page.getByText(/text message|mensaje de texto/)).toBeVisible();
      await page.getByTestId('code-input').fill(await waitForCode(e164, { since: signInAt }));
      await page.getByRole('button', { name: /verify|verificar/i }).click();
      await expect(page).toHaveURL(/\/userDashboard\?tab=Security$/);
      await expect(page.getByTestId('mfa-methods')).toContainText(/SMS/);
    });
  });
}
