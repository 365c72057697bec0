import { Alert, Link } from '@chakra-ui/react';
import { useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

/** Signed-out visitors see only public items: say that signing in may show more. */
export function SignInHint() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Alert.Root status="info" data-testid="gallery-sign-in-hint">
      <Alert.Indicator />
      <Alert.Description>
        {t('gallery.signInHint')}{' '}
        <Link href={`/signIn?redirectTo=${encodeURIComponent(location.pathname + location.search)}`} fontWeight="semibold" textDecoration="underline">
          {t('gallery.signIn')}
        </Link>
      </Alert.Description>
    </Alert.Root>
  );
}
