/** What to do with the selected items: change who can see them, or delete them (after a confirmation). */
import { Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_VISIBILITIES, type MediaVisibility } from '#app/lib/media/model';

interface Props {
  count: number;
  busy: boolean;
  onVisibility: (visibility: MediaVisibility) => void;
  onDelete: () => void;
  onSelectAll: () => void;
  onClear: () => void;
}

export function BulkBar({ count, busy, onVisibility, onDelete, onSelectAll, onClear }: Props) {
  const { t } = useTranslation();
  const [visibility, setVisibility] = useState<MediaVisibility>('tenant');
  return (
    <Stack
      direction={{ base: 'column', md: 'row' }}
      gap="3"
      align={{ base: 'stretch', md: 'center' }}
      p="3"
      borderWidth="1px"
      borderRadius="l3"
      bg="bg.subtle"
      position="sticky"
      top="2"
      zIndex="docked"
      data-testid="library-bulk"
    >
      <Text fontWeight="semibold" aria-live="polite" data-testid="library-bulk-count">
        {t('library.bulk.selected', { count })}
      </Text>
      <HStack gap="2" flexWrap="wrap">
        <Button size="sm" variant="ghost" onClick={onSelectAll}>
          {t('library.bulk.selectAll')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear}>
          {t('library.bulk.clear')}
        </Button>
      </HStack>
      <HStack gap="2" flex="1" justify={{ md: 'flex-end' }} flexWrap="wrap">
        <NativeSelect.Root size="sm" maxW="64">
          <NativeSelect.Field
            aria-label={t('library.bulk.visibility')}
            value={visibility}
            onChange={(e) => setVisibility(e.currentTarget.value as MediaVisibility)}
            data-testid="library-bulk-visibility"
          >
            {MEDIA_VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {t(`library.visibility.${v}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="sm" colorPalette="brand" loading={busy} onClick={() => onVisibility(visibility)} data-testid="library-bulk-apply">
          {t('library.bulk.apply')}
        </Button>
        <Button size="sm" colorPalette="red" variant="outline" disabled={busy} onClick={onDelete} data-testid="library-bulk-delete">
          {t('library.bulk.delete')}
        </Button>
      </HStack>
    </Stack>
  );
}
