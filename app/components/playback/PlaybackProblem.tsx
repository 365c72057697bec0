/**
 * Why a playback screen shows no player, in words, with the way on: a bad link, a sign-in (the
 * link works once signed in), or nothing to play. The loader answers with the matching status.
 */
import { Alert, Button, Container, Stack } from '@chakra-ui/react';
import { Link, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

export type PlaybackProblemKind = 'badLink' | 'signIn' | 'notFound';

export function PlaybackProblem({ problem }: { problem: PlaybackProblemKind }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Stack gap="4" data-testid="playback-problem" data-problem={problem}>
        <Alert.Root status={problem === 'signIn' ? 'info' : 'warning'}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title as="h1">{t(`playback.problems.${problem}.title`)}</Alert.Title>
            <Alert.Description>{t(`playback.problems.${problem}.body`)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        {problem === 'signIn' && (
          <Button asChild colorPalette="brand" alignSelf="flex-start">
            <Link to={`/signIn?redirectTo=${encodeURIComponent(here)}`}>{t('playback.problems.signIn.action')}</Link>
          </Button>
        )}
      </Stack>
    </Container>
  );
}
