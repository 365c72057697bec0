/**
 * An item's status: a badge; while uploading or processing, and when processing failed, the
 * pipeline's MediaPreview shows live progress, or why it failed with a retry (owner, admins). Its
 * status poll reloads the library once the item is done, so the card turns ready in place.
 */
import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MediaPreview } from '#app/components/media/player/MediaPreview';
import type { LibraryCard } from '#app/lib/media/library';
import type { MediaStatus } from '#app/lib/media/model';

const PALETTE: Record<MediaStatus, string> = {
  uploading: 'gray',
  processing: 'blue',
  ready: 'green',
  failed: 'red',
  pending_review: 'orange',
  published: 'green',
  rejected: 'red',
};

const IN_PROGRESS: ReadonlySet<MediaStatus> = new Set(['uploading', 'processing', 'failed']);

type Props = { card: Pick<LibraryCard, 'id' | 'kind' | 'title' | 'status' | 'progress' | 'failure' | 'canManage' | 'review'> };

export function StatusBadge({ card }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="1.5" data-testid="library-status" data-status={card.status}>
      <HStack>
        <Badge colorPalette={PALETTE[card.status]} variant="subtle" size="sm">
          {t(`library.statuses.${card.status}`)}
        </Badge>
      </HStack>
      {IN_PROGRESS.has(card.status) ? (
        <MediaPreview
          media={{
            id: card.id,
            kind: card.kind,
            title: card.title,
            status: card.status,
            canManage: card.canManage,
            ...(card.progress !== null ? { progress: card.progress } : {}),
            ...(card.failure ? { failure: card.failure } : {}),
          }}
        />
      ) : null}
      {card.status === 'rejected' && card.review?.reason ? (
        <Text fontSize="sm" color="fg.error" data-testid="library-rejected-reason">
          {t('library.card.rejected', { reason: card.review.reason })}
        </Text>
      ) : null}
    </Stack>
  );
}
