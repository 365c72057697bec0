/** One library item, as a grid card or a list row: selection box, preview, title, owner, visibility, status and actions. */
import { Badge, Box, Button, Flex, HStack, Image, Stack, Text, Wrap } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { LibraryCard, LibraryView } from '#app/lib/media/library';
import { formatDuration } from '#app/components/media/player/format';
import { ImageSizes } from './ImageSizes';
import { StatusBadge } from './StatusBadge';
import { EmbedCodeButton } from '#app/components/embed/EmbedCodeDialog';

interface Props {
  card: LibraryCard;
  view: LibraryView;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** The library with this item open in its viewer (/uploadCustomerMedia); none where the screen has no viewer. */
  openHref?: string;
  onEdit: () => void;
  onDelete: () => void;
}

const PROCESSED = new Set(['ready', 'published', 'pending_review', 'rejected']);

/** The card's picture (an image's small size, a video's poster, a document's first page), else its kind and length or name. */
export function Preview({ card, size }: { card: LibraryCard; size: string }) {
  const { t } = useTranslation();
  return (
    <Box w={size} flexShrink={0} aspectRatio={4 / 3} bg="bg.muted" borderRadius="l2" overflow="hidden" display="flex" alignItems="center" justifyContent="center">
      {card.previewUrl ? (
        <Image src={card.previewUrl} alt="" w="100%" h="100%" objectFit="cover" loading="lazy" />
      ) : (
        <Text fontSize="xs" color="fg.muted" textAlign="center" px="2">
          {t(`library.kinds.${card.kind}`)} · {card.durationSeconds !== null ? formatDuration(card.durationSeconds) : PROCESSED.has(card.status) ? card.fileName : t('library.card.noPreview')}
        </Text>
      )}
    </Box>
  );
}

export function LibraryItem({ card, view, selected, onSelect, openHref, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const list = view === 'list';
  // Processed items open in the viewer; until then the card shows their progress.
  const openable = openHref !== undefined && PROCESSED.has(card.status) ? openHref : undefined;
  return (
    <Flex
      as="li"
      direction={list ? { base: 'column', sm: 'row' } : 'column'}
      gap="3"
      p="3"
      borderWidth="1px"
      borderRadius="l3"
      bg={selected ? 'brand.subtle' : 'bg'}
      data-testid="library-item"
      data-id={card.id}
      data-title={card.title}
    >
      <HStack align="flex-start" gap="3" flex={list ? '1' : undefined} minW="0">
        {card.canManage ? (
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => onSelect(e.currentTarget.checked)}
            aria-label={t('library.card.select', { title: card.title })}
            style={{ width: '1.25rem', height: '1.25rem', marginTop: '0.25rem', flexShrink: 0 }}
            data-testid="library-select"
          />
        ) : null}
        {list ? <Preview card={card} size="6rem" /> : null}
        <Stack gap="1" minW="0" flex="1">
          {list ? null : <Preview card={card} size="100%" />}
          <Text fontWeight="semibold" lineClamp={2} data-testid="library-item-title">
            {card.title}
          </Text>
          <Wrap gap="1.5" fontSize="xs" color="fg.muted">
            <Text>{t(`library.kinds.${card.kind}`)}</Text>
            <Text>·</Text>
            <Text>{card.mine ? t('library.card.mine') : t('library.card.owner', { name: card.ownerName || t('session.someone') })}</Text>
          </Wrap>
          <Wrap gap="1">
            <Badge size="sm" variant="outline" data-testid="library-item-visibility" data-visibility={card.visibility}>
              {t(`library.visibilityShort.${card.visibility}`)}
            </Badge>
            {card.tags.map((tag) => (
              <Badge key={tag} size="sm" variant="subtle" colorPalette="gray">
                {tag}
              </Badge>
            ))}
          </Wrap>
          <StatusBadge card={card} />
        </Stack>
      </HStack>
      {card.sizes ? <ImageSizes sizes={card.sizes} title={card.title} /> : null}
      {card.canManage || openable ? (
        <HStack gap="2" flexWrap="wrap" role="group" aria-label={t('library.card.actions', { title: card.title })} mt={list ? undefined : 'auto'} alignSelf={list ? { sm: 'center' } : undefined}>
          {openable ? (
            <Button asChild size="sm" colorPalette="brand">
              <Link to={openable} preventScrollReset aria-label={t('library.card.openLabel', { title: card.title })} data-testid="library-open">
                {t('library.card.open')}
              </Link>
            </Button>
          ) : null}
          {card.canManage ? (
            <>
              <Button size="sm" variant="outline" onClick={onEdit} data-testid="library-edit-open">
                {t('library.card.edit')}
              </Button>
              <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete} data-testid="library-delete-open">
                {t('library.card.delete')}
              </Button>
              {card.kind === 'video' && PROCESSED.has(card.status) ? <EmbedCodeButton target={{ kind: 'video', mediaId: card.id }} title={card.title} /> : null}
            </>
          ) : null}
        </HStack>
      ) : null}
    </Flex>
  );
}
