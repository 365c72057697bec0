import { Alert, Box, Button, Container, Heading, Link as ChakraLink, Separator, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/content/PageHeader';
import { useRootData } from '#app/lib/rootData';
import { ProviderButton } from './ProviderButton';
import type { SocialErrorCode, SocialMode, SocialProvider } from '#app/lib/social/providers';

/** Email / phone screens of the tenant's enabled methods, preferred method first. */
export function otherMethods(signIn: { email: boolean; phone: boolean; signInPreference: string; signUpPreference: string }, mode: SocialMode) {
  const methods: Array<{ key: 'email' | 'phone'; href: string }> = [];
  if (signIn.email) methods.push({ key: 'email', href: mode === 'signIn' ? '/signIn' : '/signUp' });
  if (signIn.phone) methods.push({ key: 'phone', href: mode === 'signIn' ? '/ssoSignInPhone' : '/ssoSignUpPhone' });
  const preferred = mode === 'signIn' ? signIn.signInPreference : signIn.signUpPreference;
  return methods.sort((a, b) => Number(b.key === preferred) - Number(a.key === preferred));
}

/** Links to the tenant's email / phone screens. */
export function OtherMethods({ mode, redirectTo }: { mode: SocialMode; redirectTo: string }) {
  const { t } = useTranslation();
  const root = useRootData();
  if (!root) return null;
  const query = redirectTo !== '/' ? `?redirectTo=${encodeURIComponent(redirectTo)}` : '';
  return (
    <Stack gap="3" as="nav" aria-label={t(mode === 'signIn' ? 'social.otherSignIn' : 'social.otherSignUp')}>
      {otherMethods(root.tenant.signIn, mode).map((m) => (
        <Button key={m.key} asChild variant="subtle" size="lg" width="full" minH="12" data-testid={`method-${m.key}`}>
          <Link to={`${m.href}${query}`}>
            {t(`social.${m.key}${mode === 'signIn' ? 'SignIn' : 'SignUp'}` as const)}
          </Link>
        </Button>
      ))}
    </Stack>
  );
}

/** The message shown when a social sign-in came back without signing the user in. */
export function SocialError({ code }: { code: SocialErrorCode }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" data-testid="social-error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('social.errorTitle')}</Alert.Title>
        <Alert.Description>
          {t(`social.errors.${code}`)} {t('social.tryAgain')}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** "Signed in as …" with a way on, for a visitor who already has a session. */
export function SignedInNotice({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation();
  const user = useRootData()?.user;
  if (!user) return null;
  return (
    <Alert.Root status="success" data-testid="social-signed-in">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{user.email ? t('social.signedInAs', { email: user.email }) : t('social.signedInNoEmail')}</Alert.Title>
        <Alert.Description>
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <Link to={redirectTo}>{t('social.continue')}</Link>
          </ChakraLink>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The site's terms and privacy notice for sign-up screens. */
export function TermsNotice() {
  const { t } = useTranslation();
  const site = useRootData()?.tenant.displayName ?? '';
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="social-terms">
      {t('social.termsNotice', { site })}{' '}
      <ChakraLink asChild color="brand.fg" textDecoration="underline">
        <Link to="/terms">{t('social.terms')}</Link>
      </ChakraLink>
      {' · '}
      <ChakraLink asChild color="brand.fg" textDecoration="underline">
        <Link to="/privacy">{t('social.privacy')}</Link>
      </ChakraLink>
    </Text>
  );
}

export interface SocialScreenProps {
  mode: SocialMode;
  title: string;
  lead: string;
  providers: SocialProvider[];
  redirectTo: string;
  error?: SocialErrorCode | null;
  /** Hubs list the email / phone methods too. */
  withOtherMethods?: boolean;
  footer?: ReactNode;
}

/** Layout shared by /socialSignIn, /socialSignUp, /ssoSignIn and /ssoSignUp. */
export function SocialScreen({ mode, title, lead, providers, redirectTo, error, withOtherMethods, footer }: SocialScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <Container maxW="lg" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <Stack gap="6">
          <SignedInNotice redirectTo={redirectTo} />
          {error ? <SocialError code={error} /> : null}
          {withOtherMethods ? (
            <Heading as="h2" size="md">
              {t('social.socialSection')}
            </Heading>
          ) : null}
          {providers.length ? (
            <Stack gap="3" data-testid="social-providers">
              {providers.map((p) => (
                <ProviderButton key={p} provider={p} mode={mode} redirectTo={redirectTo} />
              ))}
            </Stack>
          ) : (
            <Text color="fg.muted">{t('social.noProviders')}</Text>
          )}
          {mode === 'signUp' ? <TermsNotice /> : null}
          {withOtherMethods ? (
            <>
              <Separator />
              <Heading as="h2" size="md">
                {t(mode === 'signIn' ? 'social.otherSignIn' : 'social.otherSignUp')}
              </Heading>
              <OtherMethods mode={mode} redirectTo={redirectTo} />
            </>
          ) : null}
          {footer ? <Box>{footer}</Box> : null}
        </Stack>
      </Container>
    </>
  );
}

/** "Already have an account? Sign in" / "New here? Create an account". */
export function SwitchModeLink({ mode, hub }: { mode: SocialMode; hub: boolean }) {
  const { t } = useTranslation();
  const to = mode === 'signIn' ? (hub ? '/ssoSignUp' : '/socialSignUp') : hub ? '/ssoSignIn' : '/socialSignIn';
  return (
    <Text color="fg.muted">
      {t(mode === 'signIn' ? 'social.noAccount' : 'social.haveAccount')}{' '}
      <ChakraLink asChild color="brand.fg" fontWeight="semibold">
        <Link to={to}>{t(mode === 'signIn' ? 'social.signUpLink' : 'social.signInLink')}</Link>
      </ChakraLink>
    </Text>
  );
}
