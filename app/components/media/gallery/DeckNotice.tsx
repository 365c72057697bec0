import { Alert, Button } from '@chakra-ui/react';
import { useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '#app/components/content/EmptyNote';

/** The pitch deck screens when there is no deck to show: none yet, still being processed (with a re-check), or failed. */
export function DeckNotice({ state }: { state: 'none' | 'processing' | 'failed' }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  if (state === 'none') return <EmptyNote title={t('gallery.deck.none')} testId="deck-none" />;
  if (state === 'failed') {
    return (
      <Alert.Root status="error" data-testid="deck-failed">
        <Alert.Indicator />
        <Alert.Description>{t('gallery.deck.failed')}</Alert.Description>
      </Alert.Root>
    );
  }
  return (
    <Alert.Root status="info" data-testid="deck-processing" alignItems="center">
      <Alert.Indicator />
      <Alert.Description flex="1">{t('gallery.deck.processing')}</Alert.Description>
      <Button size="sm" variant="outline" onClick={() => revalidator.revalidate()} loading={revalidator.state === 'loading'} loadingText={t('gallery.loading')}>
        {t('gallery.deck.refresh')}
      </Button>
    </Alert.Root>
  );
}
