/**
 * The media library screen (/uploadCustomerMedia, /customerImageUpload): the uploader, filters,
 * the items as a grid or a list, opening one in its viewer, editing, deleting with a confirmation,
 * bulk selection and paging.
 */
import { Alert, Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigation } from '@remix-run/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog';
import { libraryHref, libraryItemHref, type LibraryCard, type LibraryQuery } from '#app/lib/media/library';
import type { MediaView } from '#app/lib/media/view';
import { BulkBar } from './BulkBar';
import { EditDialog } from './EditDialog';
import { ItemViewer } from './ItemViewer';
import { LibraryFilters } from './LibraryFilters';
import { LibraryItem } from './LibraryItem';
import { useLibraryApi } from './useLibraryApi';
import { ScreenHeading } from './ScreenHeading';

export interface LibraryScreenProps {
  title: string;
  lead: string;
  path: string;
  query: LibraryQuery;
  cards: LibraryCard[];
  next: string | null;
  fixedKind?: boolean;
  /** The uploader of this screen (the upload component of app/components/media/upload). */
  uploader?: ReactNode;
  /** The screen has a viewer (?open=): each processed card opens in it; `opened` is the item open now. */
  viewer?: { opened: MediaView | null };
}

type Pending = { kind: 'delete'; cards: LibraryCard[] } | null;

export function LibraryScreen({ title, lead, path, query, cards, next, fixedKind, uploader, viewer }: LibraryScreenProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const api = useLibraryApi('items');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<LibraryCard | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // Selection is of items on this page: items that left it (deleted, filtered out) leave it too.
  useEffect(() => {
    setSelected((current) => {
      const ids = new Set(cards.map((c) => c.id));
      const kept = [...current].filter((id) => ids.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [cards]);

  const result = api.result;
  const sent = api.sent;
  useEffect(() => {
    if (!result || !sent) return;
    if (!result.ok) {
      setNotice(result.message);
      return;
    }
    const count = result.count ?? 0;
    if (sent.intent === 'visibility') setNotice(t('library.bulk.changed', { count }));
    if (sent.intent === 'delete') setNotice(t('library.bulk.deleted', { count }));
    setSelected(new Set());
  }, [result, sent, t]);

  const closeEdit = useCallback((saved: boolean) => {
    setEditing(null);
    if (saved) setNotice(t('library.edit.saved'));
  }, [t]);

  const manageable = cards.filter((c) => c.canManage);
  const filtered = Boolean((!fixedKind && query.kind) || query.status || query.q);
  const loading = navigation.state === 'loading' && navigation.location?.pathname === path;

  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} data-testid="library">
      <Stack gap="6">
        <ScreenHeading title={title} lead={lead} />
        {uploader}
        <LibraryFilters path={path} query={query} fixedKind={fixedKind} />
        {notice ? (
          <Alert.Root status={result && !result.ok ? 'error' : 'success'} role="status" data-testid="library-notice">
            <Alert.Indicator />
            <Alert.Title>{notice}</Alert.Title>
          </Alert.Root>
        ) : null}
        {selected.size > 0 ? (
          <BulkBar
            count={selected.size}
            busy={api.busy}
            onVisibility={(visibility) => {
              setNotice(null);
              api.send({ intent: 'visibility', ids: [...selected], visibility });
            }}
            onDelete={() => setPending({ kind: 'delete', cards: cards.filter((c) => selected.has(c.id)) })}
            onSelectAll={() => setSelected(new Set(manageable.map((c) => c.id)))}
            onClear={() => setSelected(new Set())}
          />
        ) : null}
        <Box aria-busy={loading} opacity={loading ? 0.6 : 1} transition="opacity 0.2s">
          {cards.length === 0 ? (
            <Stack gap="2" py="10" textAlign="center" data-testid="library-empty">
              <Heading as="h2" size="md">
                {t('library.empty.title')}
              </Heading>
              <Text color="fg.muted">{filtered ? t('library.empty.filtered') : t('library.empty.text')}</Text>
            </Stack>
          ) : (
            <SimpleGrid as="ul" listStyleType="none" columns={query.view === 'list' || fixedKind ? 1 : { base: 1, sm: 2, lg: 3, xl: 4 }} gap="4" data-testid="library-items" data-view={query.view}>
              {cards.map((card) => (
                <LibraryItem
                  key={card.id}
                  card={card}
                  view={fixedKind ? 'list' : query.view}
                  selected={selected.has(card.id)}
                  openHref={viewer ? libraryItemHref(path, query, card.id) : undefined}
                  onSelect={(on) =>
                    setSelected((current) => {
                      const nextSet = new Set(current);
                      if (on) nextSet.add(card.id);
                      else nextSet.delete(card.id);
                      return nextSet;
                    })
                  }
                  onEdit={() => {
                    setNotice(null);
                    setEditing(card);
                  }}
                  onDelete={() => setPending({ kind: 'delete', cards: [card] })}
                />
              ))}
            </SimpleGrid>
          )}
        </Box>
        {next || query.after ? (
          <HStack as="nav" aria-label={t('library.paging.label')} gap="3" justify="center">
            {query.after ? (
              <Button asChild variant="outline">
                <Link to={libraryHref(path, query, { after: undefined })}>{t('library.paging.first')}</Link>
              </Button>
            ) : null}
            {next ? (
              <Button asChild variant="outline">
                <Link to={libraryHref(path, query, { after: next })} data-testid="library-next">
                  {t('library.paging.next')}
                </Link>
              </Button>
            ) : null}
          </HStack>
        ) : null}
      </Stack>
      {viewer ? <ItemViewer item={viewer.opened} closeHref={libraryHref(path, query)} /> : null}
      <EditDialog card={editing} onClose={closeEdit} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? null : setPending(null))}
        title={pending?.cards.length === 1 ? t('library.remove.title', { title: pending.cards[0]!.title }) : t('library.remove.bulkTitle', { count: pending?.cards.length ?? 0 })}
        body={pending?.cards.length === 1 ? t('library.remove.body') : t('library.remove.bulkBody')}
        confirm={t('library.remove.confirm')}
        cancel={t('library.remove.cancel')}
        onConfirm={() => {
          if (!pending) return;
          setNotice(null);
          api.send({ intent: 'delete', ids: pending.cards.map((c) => c.id) });
          setPending(null);
        }}
        testId="library-delete-confirm"
        confirmTestId="library-delete-confirm-button"
      />
    </Container>
  );
}
