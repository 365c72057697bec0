import { Spinner, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthPage } from '#app/components/account/AuthPage';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { signOutEverywhere } from '#app/lib/identity/signOut.client';
import { i18nHandle } from '#app/lib/handles';
export const handle = i18nHandle('account');

/**
 * /signOut (docs/PRODUCT.md, Rules: inactivity guard). A global sign-out on mount; the client data
 * is cleared even when the identity service fails (Error catalogue); then home. No loader: a plain
 * visit works.
 */
export default function SignOut() {
  const { t } = useTranslation();
  useEffect(() => {
    void signOutEverywhere('/');
  }, []);
  return (
    <AuthPage title={t('account.signOut.title')} testId="sign-out-screen">
      <Stack direction="row" gap="3" align="center" role="status" aria-live="polite">
        <Spinner size="md" color="brand.solid" />
        <Text>{t('account.signOut.busy')}</Text>
      </Stack>
    </AuthPage>
  );
}

export const meta: MetaFunction = ({ matches }) => [...documentMeta(rootFromMatches(matches)), { name: 'robots', content: 'noindex' }];
