/** The uploader's own videos sent for review: waiting, published, or rejected with the admin's reason. */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LibraryCard } from '#app/lib/media/library';
import { StatusBadge } from './StatusBadge';

function Decision({ card }: { card: LibraryCard }) {
  const { t } = useTranslation();
  if (card.status === 'pending_review') return <>{t('library.review.waiting')}</>;
  if (card.status === 'published') return <>{t('library.review.published')}</>;
  if (card.status === 'rejected') return <>{t('library.review.rejected', { reason: card.review?.reason ?? '' })}</>;
  return null;
}

export function MyReviews({ cards }: { cards: LibraryCard[] }) {
  const { t } = useTranslation();
  return (
    <Stack as="section" gap="3" aria-labelledby="review-mine">
      <Heading as="h2" size="lg" id="review-mine">
        {t('library.review.yours')}
      </Heading>
      {cards.length === 0 ? (
        <Text color="fg.muted" data-testid="review-mine-empty">
          {t('library.review.none')}
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" data-testid="review-mine">
          {cards.map((card) => (
            <Stack as="li" key={card.id} p="3" borderWidth="1px" borderRadius="l3" gap="1.5" data-testid="review-mine-item" data-title={card.title}>
              <Text fontWeight="semibold">{card.title}</Text>
              {card.status === 'rejected' ? null : <StatusBadge card={card} />}
              <Text fontSize="sm" color={card.status === 'rejected' ? 'fg.error' : 'fg.muted'} data-testid="review-decision">
                <Decision card={card} />
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
