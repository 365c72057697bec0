import { Alert, Link } from '@chakra-ui/react';
import { useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

/** Signed-out visitors: the site's voices need a session; the browser's own voices (if any) work meanwhile. */
export function SignInNote({ browserVoices }: { browserVoices: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Alert.Root status="info" data-testid="voice-sign-in">
      <Alert.Indicator />
      <Alert.Description>
        {browserVoices ? t('voice.signInHintBrowser') : t('voice.signInHint')}{' '}
        <Link href={`/signIn?redirectTo=${encodeURIComponent(location.pathname + location.search)}`} fontWeight="semibold" textDecoration="underline">
          {t('voice.signIn')}
        </Link>
      </Alert.Description>
    </Alert.Root>
  );
}
