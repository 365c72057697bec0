/** Under a player: the item's owner, when it was added, its description, and whether it resumed. */
import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '#app/components/media/player/format';
import { useRootData } from '#app/lib/rootData';

export interface ItemDetailsProps {
  ownerName: string;
  createdAt: string;
  description: string;
  startAt: number;
  remember: boolean;
}

export function ItemDetails({ ownerName, createdAt, description, startAt, remember }: ItemDetailsProps) {
  const { t } = useTranslation();
  const locale = useRootData()?.locale ?? 'en';
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(createdAt));
  return (
    <Stack gap="2">
      <Text color="fg.muted" data-testid="item-owner">
        {t('playback.item.by', { name: ownerName || t('session.someone') })} · {t('playback.item.added', { date })}
      </Text>
      {startAt > 0 && (
        <Text fontSize="sm" data-testid="item-resumed">
          {t('playback.item.resumed', { time: formatDuration(startAt) })}
        </Text>
      )}
      {!remember && (
        <Text fontSize="sm" color="fg.muted">
          {t('playback.item.signInToRemember')}
        </Text>
      )}
      {description && (
        <Text whiteSpace="pre-line" data-testid="item-description">
          {description}
        </Text>
      )}
    </Stack>
  );
}
