/**
 * The uploader of every upload screen: Uppy's dashboard (drag and drop, previews, restrictions,
 * progress with time left, pause and resume) around createUploader, branded with the tenant's
 * colours, with a list of what the app accepted or refused. Browser-only: Uppy needs the DOM.
 */
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { Alert, Box, Link, List, Stack, Text } from '@chakra-ui/react';
import { Link as RemixLink, useRevalidator } from '@remix-run/react';
import Dashboard from '@uppy/react/dashboard';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem, MediaKind } from '#app/lib/media/model';
import type { UploadScope } from '#app/lib/media/uploadApi';
import { createUploader, type MediaUppy } from './createUploader';
import { UploadRules, useUploaderMessages, type UploadUsage } from './UploadRules';
import { uppyLocale } from './uppyLocale';

export interface MediaUploaderProps {
  /** Distinct per screen (Golden Retriever restores per id). */
  id: string;
  scope: UploadScope;
  kinds: readonly MediaKind[];
  usage: UploadUsage | null;
  maxFiles?: number;
  review?: boolean;
  visibility?: MediaItem['visibility'];
  /** Where the uploaded files can be seen (the library), when it is another page. */
  libraryHref?: string;
  /**
   * The page itself lists the uploads (the library screens): each finished file reloads the
   * page's data, so the new item appears at once with its processing state and the storage used
   * is current, and the notice says so instead of linking to the page one is on.
   */
  listedHere?: boolean;
  /** Dashboard height in pixels on wide screens. */
  height?: number;
}

type Outcome = { fileId: string; name: string } & ({ ok: true; item: MediaItem } | { ok: false; message: string });

/** Brand tokens on Uppy's own classes: primary buttons, progress, links, focus. */
const BRANDED = {
  '& .uppy-Dashboard-inner': { borderRadius: 'l3', borderColor: 'border', bg: 'bg', color: 'fg' },
  '& .uppy-Dashboard-AddFiles': { borderColor: 'border' },
  '& .uppy-c-btn-primary': { bg: 'brand.solid', color: 'brand.contrast' },
  '& .uppy-c-btn-primary:hover': { bg: 'brand.emphasized' },
  '& .uppy-StatusBar-progress': { bg: 'brand.solid' },
  '& .uppy-StatusBar-actionBtn--upload': { bg: 'brand.solid', color: 'brand.contrast' },
  '& .uppy-Dashboard-browse, & .uppy-DashboardContent-addMore, & .uppy-DashboardContent-back': { color: 'brand.fg' },
  '& .uppy-c-btn:focus-visible, & .uppy-Dashboard-browse:focus-visible': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  '& .uppy-Dashboard-AddFiles-title': { fontSize: { base: 'md', md: 'lg' } },
} as const;

export function MediaUploader(props: MediaUploaderProps) {
  const { id, scope, kinds, usage, maxFiles, review, visibility, libraryHref, listedHere } = props;
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  // The uploader lives as long as the screen; the revalidator changes identity on every render.
  const reload = useRef(() => {});
  reload.current = () => {
    if (listedHere) revalidator.revalidate();
  };
  const messages = useUploaderMessages(kinds);
  const [uppy, setUppy] = useState<MediaUppy | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const language = i18n.language;

  useEffect(() => {
    const record = (outcome: Outcome) => setOutcomes((list) => [...list.filter((o) => o.fileId !== outcome.fileId), outcome]);
    const instance = createUploader({
      id,
      scope,
      kinds,
      maxFiles,
      review,
      visibility,
      locale: uppyLocale(language),
      messages,
      onFinished: (item, file) => {
        record({ fileId: file.id, name: file.name ?? item.title, ok: true, item });
        reload.current();
      },
      onRefused: (message, file) => record({ fileId: file.id, name: file.name ?? '', ok: false, message }),
    });
    setUppy(instance);
    return () => instance.destroy();
    // One uploader per screen and language; the props of a screen do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, language]);

  const finished = outcomes.filter((o) => o.ok);
  return (
    <Stack gap="5">
      <UploadRules kinds={kinds} usage={usage} system={scope === 'system'} resumable />
      <Box css={BRANDED} data-testid="uploader" minH={{ base: '360px', md: `${props.height ?? 440}px` }}>
        {uppy ? (
          <Dashboard
            uppy={uppy}
            width="100%"
            height={props.height ?? 440}
            hideProgressDetails={false}
            proudlyDisplayPoweredByUppy={false}
            theme="auto"
            hideRetryButton={false}
            hidePauseResumeButton={false}
          />
        ) : (
          <Text color="fg.muted" role="status">
            {t('upload.status.loading')}
          </Text>
        )}
      </Box>
      <Box aria-live="polite" data-testid="upload-outcomes">
        {outcomes.length ? (
          <Stack gap="3">
            {finished.length ? (
              <Alert.Root status="success" borderRadius="l2">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('upload.status.done', { count: finished.length })}</Alert.Title>
                  {listedHere ? (
                    <Alert.Description data-testid="upload-listed">{t('upload.status.listed')}</Alert.Description>
                  ) : libraryHref ? (
                    <Alert.Description>
                      <Link asChild color="brand.fg" textDecoration="underline">
                        <RemixLink to={libraryHref}>{t('upload.status.library')}</RemixLink>
                      </Link>
                    </Alert.Description>
                  ) : null}
                </Alert.Content>
              </Alert.Root>
            ) : null}
            <List.Root ps="0" listStyle="none" gap="2">
              {outcomes.map((o) => (
                <List.Item key={o.fileId} data-testid={o.ok ? 'upload-accepted' : 'upload-refused'} color={o.ok ? undefined : 'fg.error'}>
                  {o.ok ? t('upload.status.queued', { name: o.name }) : `${o.name}: ${o.message}`}
                </List.Item>
              ))}
            </List.Root>
          </Stack>
        ) : null}
      </Box>
    </Stack>
  );
}
