import { Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '#app/lib/rootData';
import { AuthLink, AuthLinks } from './AuthLinks';
import { AuthPage, Notice } from './AuthPage';
import { CodeSent } from './CodeSent';
import { ConfirmSignUpForm } from './ConfirmSignUpForm';
import { withRedirect } from './redirect';
import type { AccountScreenData } from '#app/lib/account/screen';
import { SignUpForm } from './SignUpForm';

function SignInInstead({ redirectTo, sso = false }: { redirectTo: string; sso?: boolean }) {
  const { t } = useTranslation();
  return (
    <AuthLinks>
      <AuthLink to={withRedirect(sso ? '/ssoSignIn' : '/signIn', redirectTo)} testId="link-sign-in">
        {t('account.signUp.haveAccount')}
      </AuthLink>
    </AuthLinks>
  );
}

/** /signUp: email sign-up. */
export function EmailSignUpScreen() {
  const { t } = useTranslation();
  const { title, redirectTo } = useLoaderData<AccountScreenData>();
  const enabled = useRootData()?.tenant.signIn.email ?? false;
  return (
    <AuthPage title={title} lead={t('account.signUp.emailLead')} testId="sign-up-screen">
      {enabled ? <SignUpForm kind="email" redirectTo={redirectTo} next="/signUpEmailSender" /> : <Notice status="info">{t('account.signUp.emailUnavailable')}</Notice>}
      <SignInInstead redirectTo={redirectTo} />
    </AuthPage>
  );
}

/** /signUpPhoneNum and /ssoSignUpPhone: phone sign-up. */
export function PhoneSignUpScreen({ sso = false }: { sso?: boolean }) {
  const { t } = useTranslation();
  const { title, redirectTo, phone } = useLoaderData<AccountScreenData>();
  return (
    <AuthPage title={title} lead={t('account.signUp.phoneLead')} testId="sign-up-phone-screen">
      {phone ? <SignUpForm kind="phone" phone={phone} redirectTo={redirectTo} next="/verifyPhoneNumber" /> : <Notice status="info">{t('account.signUp.phoneUnavailable')}</Notice>}
      <SignInInstead redirectTo={redirectTo} sso={sso} />
    </AuthPage>
  );
}

/** /signUpEmailSender and /ssoSignUpEmailSender. */
export function CodeSentScreen({ backTo }: { backTo: string }) {
  const { t } = useTranslation();
  const { title, redirectTo, query } = useLoaderData<AccountScreenData>();
  return (
    <AuthPage title={title} lead={t('account.codeSent.lead')} testId="code-sent-screen">
      <CodeSent email={query.email} redirectTo={redirectTo} backTo={backTo} />
    </AuthPage>
  );
}

/** /signUpAuth (email code) and /verifyPhoneNumber (SMS code). */
export function ConfirmScreen({ kind }: { kind: 'email' | 'phone' }) {
  const { t } = useTranslation();
  const { title, redirectTo, query, phone } = useLoaderData<AccountScreenData>();
  const username = kind === 'email' ? query.username ?? query.email : query.phone;
  return (
    <AuthPage title={title} lead={t(kind === 'email' ? 'account.confirm.emailLead' : 'account.confirm.phoneLead')} testId="confirm-screen">
      <ConfirmSignUpForm kind={kind} username={username} phone={phone} redirectTo={redirectTo} />
      <SignInInstead redirectTo={redirectTo} />
    </AuthPage>
  );
}

/** The enabled ways to sign up: email, phone and each social provider (links). */
export function SignUpMethods({ redirectTo, compact = false }: { redirectTo: string; compact?: boolean }) {
  const { t } = useTranslation();
  const signIn = useRootData()?.tenant.signIn;
  if (!signIn) return null;
  const primary = (['email', 'phone'] as const)
    .filter((m) => signIn[m])
    .sort((a, b) => (a === signIn.signUpPreference ? -1 : b === signIn.signUpPreference ? 1 : 0));
  return (
    <Stack gap="3" data-testid="sign-up-methods">
      {primary.map((m, i) => (
        <Button key={m} asChild colorPalette="brand" variant={i === 0 ? 'solid' : 'outline'} size={compact ? 'md' : 'lg'} w="full">
          <Link to={withRedirect(m === 'email' ? '/signUp' : '/signUpPhoneNum', redirectTo)} data-testid={`method-${m}`}>
            {t(`account.signUp.with.${m}`)}
          </Link>
        </Button>
      ))}
      {signIn.socialProviders.map((provider) => (
        <Button key={provider} asChild variant="outline" size={compact ? 'md' : 'lg'} w="full">
          <Link to={withRedirect(`/ssoSignUp${provider}`, redirectTo)} data-testid={`method-${provider}`}>
            {t('account.signUp.withProvider', { provider })}
          </Link>
        </Button>
      ))}
    </Stack>
  );
}

/** /signUpUltimate: every enabled method on one page, the forms inline. */
export function UltimateSignUpScreen() {
  const { t } = useTranslation();
  const { title, redirectTo, phone } = useLoaderData<AccountScreenData>();
  const signIn = useRootData()?.tenant.signIn;
  const forms = (['email', 'phone'] as const)
    .filter((m) => signIn?.[m] && (m === 'email' || phone))
    .sort((a, b) => (a === signIn?.signUpPreference ? -1 : b === signIn?.signUpPreference ? 1 : 0));
  return (
    <AuthPage title={title} lead={t('account.signUp.ultimateLead')} wide testId="sign-up-ultimate">
      <SimpleGrid columns={{ base: 1, lg: forms.length > 1 ? 2 : 1 }} gap={{ base: '10', lg: '12' }}>
        {forms.map((kind) => (
          <Box as="section" key={kind} aria-labelledby={`signup-${kind}`}>
            <Heading as="h2" id={`signup-${kind}`} size="lg" mb="4">
              {t(`account.signUp.with.${kind}`)}
            </Heading>
            <SignUpForm kind={kind} phone={phone} redirectTo={redirectTo} next={kind === 'email' ? '/signUpEmailSender' : '/verifyPhoneNumber'} />
          </Box>
        ))}
      </SimpleGrid>
      {signIn?.socialProviders.length ? (
        <Box as="section" mt="10" aria-labelledby="signup-social">
          <Heading as="h2" id="signup-social" size="lg" mb="4">
            {t('account.signUp.socialTitle')}
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
            {signIn.socialProviders.map((provider) => (
              <Button key={provider} asChild variant="outline" size="lg">
                <Link to={withRedirect(`/ssoSignUp${provider}`, redirectTo)} data-testid={`method-${provider}`}>
                  {t('account.signUp.withProvider', { provider })}
                </Link>
              </Button>
            ))}
          </SimpleGrid>
        </Box>
      ) : null}
      <SignInInstead redirectTo={redirectTo} />
    </AuthPage>
  );
}

/** /signUpPanel: a compact panel of the same methods, small enough to embed beside other content. */
export function SignUpPanelScreen() {
  const { t } = useTranslation();
  const { title, redirectTo } = useLoaderData<AccountScreenData>();
  return (
    <Box maxW="sm" mx="auto" px="4" py={{ base: '6', md: '12' }}>
      <Box p="6" borderWidth="1px" borderColor="border" borderRadius="l3" bg="bg" boxShadow="card" data-testid="sign-up-panel">
        <Heading as="h1" size="xl" mb="1">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm" mb="5">
          {t('account.signUp.panelLead')}
        </Text>
        <SignUpMethods redirectTo={redirectTo} compact />
        <SignInInstead redirectTo={redirectTo} />
      </Box>
    </Box>
  );
}
