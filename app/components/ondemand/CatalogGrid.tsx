/** The libraries' cards: poster (or an audio mark), duration, title, organizer, language; each opens the item's playback screen. */
import { Badge, Box, HStack, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '#app/components/media/player/format';
import { languageName } from '#app/lib/media/languages';
import type { CatalogCard, CatalogKind } from '#app/lib/ondemand/catalog';

function AudioMark() {
  return (
    <svg width="48" height="48" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
      <path d="M9 18V5l12-2v13" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="18" cy="16" r="3" />
    </svg>
  );
}

export function CatalogGrid({ kind, cards }: { kind: CatalogKind; cards: CatalogCard[] }) {
  const { t, i18n } = useTranslation();
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="5" data-testid="catalog-grid">
      {cards.map((card) => (
        <LinkBox as="li" key={card.id} borderWidth="1px" borderColor="border" borderRadius="l3" overflow="hidden" bg="bg" _focusWithin={{ outline: '3px solid', outlineColor: 'brand.focusRing' }} data-testid="catalog-card">
          <Box position="relative" aspectRatio="16 / 9" bg={kind === 'video' ? 'black' : 'brand.subtle'} color="brand.fg" display="flex" alignItems="center" justifyContent="center">
            {card.posterUrl ? <img src={card.posterUrl} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <AudioMark />}
            {card.durationSeconds !== null ? (
              <Badge position="absolute" bottom="2" right="2" bg="blackAlpha.800" color="white" aria-label={t('ondemand.card.duration', { time: formatDuration(card.durationSeconds) })}>
                {formatDuration(card.durationSeconds)}
              </Badge>
            ) : null}
          </Box>
          <Stack gap="1" p="4">
            <LinkOverlay asChild>
              <Link to={card.href}>
                <Text as="span" fontWeight="semibold" fontSize="lg" lineClamp={2} data-testid="catalog-card-title">
                  {card.title}
                </Text>
              </Link>
            </LinkOverlay>
            <Text fontSize="sm" color="fg.muted">
              {t('ondemand.card.by', { name: card.ownerName || t('session.someone') })}
            </Text>
            {card.description ? (
              <Text fontSize="sm" lineClamp={2}>
                {card.description}
              </Text>
            ) : null}
            <HStack gap="1" flexWrap="wrap">
              {card.language ? <Badge colorPalette="brand">{languageName(card.language, i18n.language)}</Badge> : null}
              {card.tags.slice(0, 4).map((tag) => (
                <Badge key={tag} variant="subtle">
                  {tag}
                </Badge>
              ))}
            </HStack>
          </Stack>
        </LinkBox>
      ))}
    </SimpleGrid>
  );
}
