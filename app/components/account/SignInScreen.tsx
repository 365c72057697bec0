import { Stack } from '@chakra-ui/react';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '#app/lib/rootData';
import { AuthLink, AuthLinks } from './AuthLinks';
import { AuthPage, Notice } from './AuthPage';
import { withRedirect } from './redirect';
import type { AccountScreenData } from '#app/lib/account/screen';
import { keyFromData } from '#app/lib/i18n/keys';
import { SignInForm, type SignInMethod } from './SignInForm';

const NOTICES = (['confirmed', 'created', 'reset', 'passwordChanged', 'signedOut'] as const).map((n) => `account.signIn.notices.${n}` as const);

/** /signIn (every enabled method, preference first) and /ssoSignInPhone (phone only, SSO hub). */
export function SignInScreen({ only, sso = false }: { only?: SignInMethod; sso?: boolean }) {
  const { t } = useTranslation();
  const { title, redirectTo, phone, query } = useLoaderData<AccountScreenData>();
  const root = useRootData();
  const signIn = root?.tenant.signIn;
  const enabled = (['email', 'phone'] as const).filter((m) => signIn?.[m] && (m !== 'phone' || phone));
  const ordered = [...enabled].sort((a, b) => (a === signIn?.signInPreference ? -1 : b === signIn?.signInPreference ? 1 : 0));
  const methods: SignInMethod[] = only ? (enabled.includes(only) ? [only] : []) : ordered;
  const notice = keyFromData(NOTICES, `account.signIn.notices.${query.notice}`);
  const signUpPath = sso ? '/ssoSignUpPhone' : signIn?.signUpPreference === 'phone' && signIn.phone ? '/signUpPhoneNum' : '/signUp';
  return (
    <AuthPage title={title} lead={t('account.signIn.lead')} testId="sign-in-screen">
      <Stack gap="5">
        {notice ? <Notice status="success" testId="sign-in-notice">{t(notice)}</Notice> : null}
        {methods.length ? (
          <SignInForm methods={methods} phone={phone} redirectTo={redirectTo} defaultUsername={query.username?.includes('@') ? query.username : undefined} />
        ) : (
          <Notice status="info">{t('account.signIn.phoneUnavailable')}</Notice>
        )}
      </Stack>
      <AuthLinks>
        <AuthLink to="/forgotPassword" testId="link-forgot">{t('account.signIn.forgot')}</AuthLink>
        <AuthLink to={withRedirect(signUpPath, redirectTo)} testId="link-sign-up">{t('account.signIn.noAccount')}</AuthLink>
        {signIn?.socialProviders.length ? (
          <AuthLink to={withRedirect(sso ? '/ssoSignIn' : '/socialSignIn', redirectTo)} testId="link-social">{t('account.signIn.social')}</AuthLink>
        ) : null}
      </AuthLinks>
    </AuthPage>
  );
}
