import { Button, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { resendSignUpCode } from 'aws-amplify/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from './AuthPage';
import { AuthLink, AuthLinks } from './AuthLinks';
import { authErrorKey } from './errors';
import { maskDestination } from './mask';
import { withRedirect } from './redirect';
import type { TranslationKey } from '#app/lib/i18n/keys';

/** "We sent you a code" after an email sign-up, with resend; /signUpEmailSender and its SSO variant. */
export function CodeSent({ email, redirectTo, backTo }: { email: string | undefined; redirectTo: string; backTo: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ status: 'error' | 'success'; key: TranslationKey } | null>(null);
  if (!email) {
    return (
      <Stack gap="5">
        <Notice status="info">{t('account.codeSent.noAddress')}</Notice>
        <AuthLinks>
          <AuthLink to={withRedirect(backTo, redirectTo)}>{t('account.codeSent.back')}</AuthLink>
        </AuthLinks>
      </Stack>
    );
  }
  async function resend() {
    setBusy(true);
    setMessage(null);
    try {
      await resendSignUpCode({ username: email! });
      setMessage({ status: 'success', key: 'account.confirm.resent' });
    } catch (e) {
      setMessage({ status: 'error', key: authErrorKey(e, 'confirm') });
    }
    setBusy(false);
  }
  return (
    <Stack gap="5">
      {message ? <Notice status={message.status}>{t(message.key)}</Notice> : null}
      <Text fontSize="lg" data-testid="destination">
        {t('account.codeSent.body', { destination: maskDestination(email) })}
      </Text>
      <Text color="fg.muted">{t('account.codeSent.hint')}</Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button asChild colorPalette="brand" size="lg">
          <Link to={withRedirect(`/signUpAuth?username=${encodeURIComponent(email)}`, redirectTo)} data-testid="enter-code">
            {t('account.codeSent.enterCode')}
          </Link>
        </Button>
        <Button type="button" variant="outline" size="lg" onClick={resend} loading={busy} loadingText={t('account.confirm.resending')} data-testid="resend">
          {t('account.confirm.resend')}
        </Button>
      </Stack>
      <AuthLinks>
        <AuthLink to={withRedirect(backTo, redirectTo)}>{t('account.codeSent.back')}</AuthLink>
      </AuthLinks>
    </Stack>
  );
}
