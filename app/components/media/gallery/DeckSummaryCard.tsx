import { Button, Card, DataList, HStack } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDay } from './format';
import type { DeckSummary } from './types';

/** The pitch deck's file, size, pages and date, with its download (signed on each press) and a way to the slides. */
export function DeckSummaryCard({ deck, showSlidesLink }: { deck: DeckSummary; showSlidesLink: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Card.Root data-testid="deck-summary">
      <Card.Header>
        {/* The page title is the h1: the deck is the section under it. */}
        <Card.Title as="h2">{deck.title}</Card.Title>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal">
          <DataList.Item>
            <DataList.ItemLabel>{t('gallery.deck.file')}</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-all">{deck.fileName}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('gallery.deck.size')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {formatBytes(deck.bytes, i18n.language)}
              {deck.pageCount ? ` · ${t('gallery.deck.pages', { count: deck.pageCount })}` : ''}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('gallery.deck.updated')}</DataList.ItemLabel>
            <DataList.ItemValue>{formatDay(deck.updatedAt, i18n.language)}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
      <Card.Footer>
        <HStack gap="3" wrap="wrap">
          <Button asChild colorPalette="brand">
            <a href={deck.href} download={deck.fileName} data-testid="deck-download">
              {t('gallery.deck.download')}
            </a>
          </Button>
          {showSlidesLink ? (
            <Button asChild variant="outline">
              <Link to="/pitchDeckSlide">{t('gallery.deck.viewSlides')}</Link>
            </Button>
          ) : null}
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}
