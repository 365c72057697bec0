/**
 * The mail an account's owner gets when someone signs up with their address (docs/decisions/0059):
 * the sign-up itself answers as for a new address, so only the owner learns the account exists.
 * In the owner's profile language, else the tenant's default language; purpose 'signUpAttempt'.
 */
import type { Language, Tenant } from '#app/lib/config/tenant';
import { tenantOrigin, type OriginEnv } from '../config/tenantOrigin.server';
import { getFixedT, isLanguage } from '../i18n.server';
import { sendMail } from '#server/platform/mail.server';

export const SIGN_UP_ATTEMPT_PURPOSE = 'signUpAttempt';

type NoticeTenant = Pick<Tenant, 'id' | 'displayName' | 'domains' | 'languages'>;

/**
 * The language tag of the notice: the owner's own (profile), else the tenant's default, else its
 * first; in the tenant's regional variant of it when it has one (es → es-MX).
 */
export function noticeLanguage(tenant: Pick<Tenant, 'languages'>, profileLanguage: string | undefined): string {
  const supported: readonly string[] = tenant.languages.supported;
  const language: Language =
    profileLanguage && isLanguage(profileLanguage) && supported.includes(profileLanguage) ? profileLanguage : (tenant.languages.default ?? tenant.languages.supported[0] ?? 'en');
  return tenant.languages.variants?.[language] ?? language;
}

/** Sends the notice to `email`. Returns whether it was delivered anywhere. */
export async function sendSignUpAttemptNotice(tenant: NoticeTenant, env: OriginEnv, email: string, language: string): Promise<boolean> {
  const t = await getFixedT(language);
  const site = tenantOrigin(tenant, env);
  const values = { site: tenant.displayName, signIn: `${site}/signIn`, reset: `${site}/forgotPassword` };
  return sendMail(tenant, {
    to: email,
    purpose: SIGN_UP_ATTEMPT_PURPOSE,
    subject: t('account.mail.signUpAttemptSubject', values),
    text: t('account.mail.signUpAttemptBody', values),
  });
}
