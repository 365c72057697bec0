/** Why an embed shows nothing: a bad link, gone, or the locked state (sign in, or a ticket) the site shows too. */
import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type EmbedProblemKind = 'badLink' | 'notFound' | 'signIn' | 'locked';

export function EmbedProblem({ problem }: { problem: EmbedProblemKind }) {
  const { t } = useTranslation();
  const locked = problem === 'signIn' || problem === 'locked';
  return (
    <Alert.Root status={locked ? 'info' : 'warning'} borderRadius="l2" data-testid="embed-problem" data-problem={problem}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title as="h1">{locked ? t('embeds.locked.title') : t(problem === 'badLink' ? 'embeds.badLink' : 'embeds.notFound')}</Alert.Title>
        {locked ? <Alert.Description>{t(problem === 'signIn' ? 'embeds.locked.video' : 'embeds.locked.text')}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
