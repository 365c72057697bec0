import { Alert, Link } from '@chakra-ui/react';
import { useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

/** A note with a sign-in link that comes back to this page. */
export function SignInNote({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Alert.Root status="info" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Description>
        {text}{' '}
        <Link href={`/signIn?redirectTo=${encodeURIComponent(location.pathname + location.search)}`} fontWeight="semibold" textDecoration="underline">
          {t('ondemand.signIn')}
        </Link>
      </Alert.Description>
    </Alert.Root>
  );
}
