/**
 * One library item opened from its card (?open=): the video or audio player, the image, or the
 * document's pages, in a dialog over the library; closing it goes back to the library as it was.
 */
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useNavigate } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MediaPreview } from '#app/components/media/player/MediaPreview';
import type { MediaView } from '#app/lib/media/view';

export function ItemViewer({ item, closeHref }: { item: MediaView | null; closeHref: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!item) return null;
  const close = () => navigate(closeHref, { preventScrollReset: true });
  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? null : close())} placement="center" size={{ base: 'full', md: 'xl' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="library-viewer" data-id={item.id} data-kind={item.kind}>
            <Dialog.Header>
              <Dialog.Title lineClamp={2}>{item.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {/* The key: another item opened from the same page starts its own player. */}
              <MediaPreview key={item.id} media={item} />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close} data-testid="library-viewer-close">
                {t('library.viewer.close')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('library.viewer.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
