/**
 * The account screens say plainly when a phone number or address already belongs to another
 * account (Cognito's AliasExistsException), in the page's language, and keep what was typed.
 * docs/decisions/0013-host-invitations.md.
 */
import { AdminUpdateUserAttributesCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { expect, tenantUrl, test } from './fixtures';
import { createUser, hydrated, poolOf, signInContext } from './session-helpers';

/** Gives the user a verified phone number, as an administrator would. */
async function givePhone(tenant: string, username: string, phone: string) {
  const pool = poolOf(tenant);
  const client = new CognitoIdentityProviderClient({ region: pool.region, endpoint: pool.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await client.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: pool.userPoolId,
      Username: username,
      UserAttributes: [
        { Name: 'phone_number', Value: phone },
        { Name: 'phone_number_verified', Value: 'true' },
      ],
    }),
  );
  client.destroy();
}

for (const [tenant, message] of [
  ['aurora', 'This phone number already belongs to another account. Please use a different number.'],
  ['solana', 'Este número de teléfono ya pertenece a otra cuenta. Usa otro número.'],
] as const) {
  test(`${tenant}: adding a phone number another account holds is refused with a clear message`, async ({ page, context, request }) => {
    const [holder, user] = await Promise.all([createUser(tenant, 'phone-holder'), createUser(tenant, 'phone-taker')]);
    const national = `202555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    await givePhone(tenant, holder.username, `+1${national}`);

    await signInContext(context, request, user);
    await context.addCookies([{ name: 'lng', value: tenant === 'solana' ? 'es' : 'en', domain: `${tenant}.localhost`, path: '/' }]);
    await page.goto(tenantUrl(tenant, '/twoFactorAddPhone'));
    await hydrated(page);
    await page.getByTestId('phone-country').selectOption('US');
    await page.getByTestId('phone-number').fill(national);
    await page.getByRole('button', { name: /send code|enviar código/i }).click();
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page).toHaveURL(/\/twoFactorAddPhone$/);
    await expect(page.getByTestId('phone-number')).toHaveValue(national);
  });
}
