/**
 * An item's status: a badge, and while processing its progress; a failed item says why and offers
 * to process it again (POST /api/media/<id>/retry, the pipeline's endpoint).
 */
import { Badge, Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
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

export function StatusBadge({ card }: { card: Pick<LibraryCard, 'id' | 'status' | 'progress' | 'failure' | 'canManage' | 'review'> }) {
  const { t } = useTranslation();
  const retry = useFetcher<{ ok?: boolean }>();
  const percent = Math.max(0, Math.min(100, Math.round(card.progress ?? 0)));
  return (
    <Stack gap="1.5" data-testid="library-status" data-status={card.status}>
      <HStack>
        <Badge colorPalette={PALETTE[card.status]} variant="subtle" size="sm">
          {t(`library.statuses.${card.status}`)}
        </Badge>
      </HStack>
      {card.status === 'processing' ? (
        <Progress.Root value={percent} size="xs" colorPalette="blue" aria-label={t('library.card.progress', { percent })}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
          <Text fontSize="xs" color="fg.muted" mt="1">
            {t('library.card.progress', { percent })}
          </Text>
        </Progress.Root>
      ) : null}
      {card.status === 'failed' ? (
        <Box>
          <Text fontSize="sm" color="fg.error" data-testid="library-failure">
            {t('library.card.failed', { reason: card.failure ?? '' })}
          </Text>
          {card.canManage ? (
            retry.data?.ok ? (
              <Text fontSize="sm" role="status">
                {t('library.card.retrying')}
              </Text>
            ) : (
              <Button size="xs" variant="outline" mt="1" loading={retry.state !== 'idle'} onClick={() => retry.submit(null, { method: 'post', action: `/api/media/${card.id}/retry` })} data-testid="library-retry">
                {t('library.card.retry')}
              </Button>
            )
          ) : null}
        </Box>
      ) : null}
      {card.status === 'rejected' && card.review?.reason ? (
        <Text fontSize="sm" color="fg.error" data-testid="library-rejected-reason">
          {t('library.card.rejected', { reason: card.review.reason })}
        </Text>
      ) : null}
    </Stack>
  );
}
