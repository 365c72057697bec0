import { Box, Button, Heading, Image, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_IMAGE_SIZES, type EventImageSize } from '#app/lib/events/model';
import type { KeyIn } from '#app/lib/i18n/keys';
import { DRAFT_IMAGE_FIELD, EVENT_IMAGE_MAX_BYTES, EVENT_IMAGE_TYPES } from '#app/lib/events/eventImages';


/** What the route's action answers to intent=presignImage / processImage. */
export type ImageActionData =
  | { presigned: { url: string; key: string; headers: Record<string, string> } }
  | { processed: true }
  | { imageError: KeyIn<'schedule.images.errors'> };

const SIZES: Record<EventImageSize, { w: number; h: number }> = {
  thumbnail: { w: 125, h: 125 },
  banner: { w: 1024, h: 256 },
  poster: { w: 1280, h: 720 },
};

/**
 * A stored image shown through a short-lived signed link, fetched into a blob URL: storage may be
 * another origin the page may call (connect-src) but not embed directly.
 */
function StoredImage({ url, alt, size }: { url: string; alt: string; size: EventImageSize }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    setFailed(false);
    fetch(url)
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  const { w, h } = SIZES[size];
  return (
    <Box borderWidth="1px" borderColor="border" borderRadius="l2" overflow="hidden" bg="bg.muted" maxW={size === 'thumbnail' ? '125px' : 'full'} style={{ aspectRatio: `${w} / ${h}` }}>
      {src ? (
        <Image src={src} alt={alt} width={w} height={h} w="full" h="full" objectFit="cover" data-testid={`event-image-${size}`} />
      ) : (
        <Text fontSize="sm" color={failed ? 'fg.error' : 'fg.muted'} p="2">
          {failed ? t('schedule.images.errors.storage') : t('schedule.images.loading')}
        </Text>
      )}
    </Box>
  );
}

/** PUT to a presigned URL with upload progress (fetch cannot report it). */
function putWithProgress(url: string, file: File, headers: Record<string, string>, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`upload answered ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.send(file);
  });
}

type Stage = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'processing' } | { kind: 'done' } | { kind: 'error'; key: KeyIn<'schedule.images.errors'> };

/** The chosen picture, before it is saved, cropped as each size will be (the server crops the same way). */
function DraftPreviews({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="start" data-testid="event-image-previews">
      {EVENT_IMAGE_SIZES.map((size) => (
        <Stack key={size} gap="1.5">
          <Text fontSize="sm" fontWeight="semibold">
            {t(`schedule.images.${size}`)} · {SIZES[size].w}×{SIZES[size].h}
          </Text>
          <Box
            borderWidth="1px"
            borderColor="border"
            borderRadius="l2"
            overflow="hidden"
            bg="bg.muted"
            maxW={size === 'thumbnail' ? '125px' : 'full'}
            style={{ aspectRatio: `${SIZES[size].w} / ${SIZES[size].h}` }}
          >
            <Image src={src} alt={t('language.labelValue', { label: t(`schedule.images.${size}`), value: title || t('schedule.images.untitled') })} w="full" h="full" objectFit="cover" data-testid={`event-image-preview-${size}`} />
          </Box>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/**
 * Event images: choose one picture; the browser uploads it straight to storage (presigned PUT,
 * with progress), then the server makes the thumbnail, banner and poster. On a saved event
 * (`draft` false) the sizes are made at once. In the create form (`draft`) the upload waits in the
 * organizer's folder, named by a hidden field of the form, and is turned into sizes when the event
 * is saved; meanwhile the page previews the picture from the file itself.
 */
export function EventImages({ action, images, title, draft = false }: { action: string; images: Partial<Record<EventImageSize, string>>; title: string; draft?: boolean }) {
  const { t } = useTranslation();
  const presign = useFetcher<ImageActionData>();
  const process = useFetcher<ImageActionData>();
  const input = useRef<HTMLInputElement>(null);
  const file = useRef<File | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [uploaded, setUploaded] = useState<{ key: string; preview: string } | null>(null);
  const preview = useRef<string | null>(null);
  // The preview's object URL lives until another picture replaces it or the form goes away.
  useEffect(() => () => void (preview.current && URL.revokeObjectURL(preview.current)), []);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!(EVENT_IMAGE_TYPES as readonly string[]).includes(chosen.type)) return setStage({ kind: 'error', key: 'schedule.images.errors.type' });
    if (chosen.size > EVENT_IMAGE_MAX_BYTES) return setStage({ kind: 'error', key: 'schedule.images.errors.size' });
    file.current = chosen;
    setStage({ kind: 'uploading', percent: 0 });
    presign.submit({ intent: 'presignImage', contentType: chosen.type, size: String(chosen.size) }, { method: 'post', action });
  };

  // Presigned URL received: upload, then ask the server to make the sizes.
  useEffect(() => {
    const data = presign.data;
    if (presign.state !== 'idle' || !data || !file.current) return;
    const chosen = file.current;
    file.current = null;
    if ('imageError' in data) return setStage({ kind: 'error', key: data.imageError });
    if (!('presigned' in data)) return;
    const { url, key, headers } = data.presigned;
    putWithProgress(url, chosen, headers, (percent) => setStage({ kind: 'uploading', percent }))
      .then(() => {
        if (draft) {
          if (preview.current) URL.revokeObjectURL(preview.current);
          preview.current = URL.createObjectURL(chosen);
          setUploaded({ key, preview: preview.current });
          setStage({ kind: 'done' });
          return;
        }
        setStage({ kind: 'processing' });
        process.submit({ intent: 'processImage', key }, { method: 'post', action });
      })
      .catch(() => setStage({ kind: 'error', key: 'schedule.images.errors.upload' }));
    // process.submit is stable for the fetcher's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [presign.state, presign.data]);

  useEffect(() => {
    const data = process.data;
    if (process.state !== 'idle' || !data) return;
    if ('imageError' in data) setStage({ kind: 'error', key: data.imageError });
    else if ('processed' in data) setStage({ kind: 'done' });
  }, [process.state, process.data]);

  const busy = stage.kind === 'uploading' || stage.kind === 'processing';
  const has = EVENT_IMAGE_SIZES.some((s) => images[s]);
  return (
    <Box as={draft ? 'div' : 'section'} aria-labelledby={draft ? undefined : 'event-images-title'} data-testid="event-images">
      {draft ? (
        <Text color="fg.muted" mb="4">
          {t('schedule.images.draftLead')}
        </Text>
      ) : (
        <>
          <Heading as="h2" size="md" id="event-images-title">
            {t('schedule.images.title')}
          </Heading>
          <Text color="fg.muted" mt="1" mb="4">
            {t('schedule.images.lead')}
          </Text>
        </>
      )}
      {draft && uploaded ? <input type="hidden" name={DRAFT_IMAGE_FIELD} value={uploaded.key} /> : null}
      <Stack gap="3">
        <Stack direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }} gap="3">
          {/* The button below opens it: a styled, keyboard-reachable control instead of the browser's own. */}
          <input
            ref={input}
            type="file"
            hidden
            accept={EVENT_IMAGE_TYPES.join(',')}
            data-testid="event-image-input"
            onChange={(e) => {
              choose(e.currentTarget.files?.[0]);
              e.currentTarget.value = '';
            }}
          />
          <Button variant="outline" colorPalette="brand" bg="bg" onClick={() => input.current?.click()} disabled={busy} data-testid="event-image-choose">
            {t('schedule.images.choose')}
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {t('schedule.images.hint')}
          </Text>
        </Stack>
        <Box role="status" aria-live="polite" minH="1.5em" data-testid="event-image-status">
          {stage.kind === 'uploading' ? (
            <Stack gap="1">
              <Text fontSize="sm">{t('schedule.images.uploading', { percent: stage.percent })}</Text>
              <Progress.Root value={stage.percent} max={100} size="sm" colorPalette="brand" aria-label={t('schedule.images.uploading', { percent: stage.percent })}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Stack>
          ) : stage.kind === 'processing' ? (
            <Text fontSize="sm">{t('schedule.images.processing')}</Text>
          ) : stage.kind === 'done' ? (
            <Text fontSize="sm" color="fg.success" data-testid="event-image-done">
              {t(draft ? 'schedule.images.draftDone' : 'schedule.images.done')}
            </Text>
          ) : stage.kind === 'error' ? (
            <Text fontSize="sm" color="fg.error" data-testid="event-image-error">
              {t(stage.key)}
            </Text>
          ) : null}
        </Box>
        {draft ? (
          uploaded ? (
            <DraftPreviews src={uploaded.preview} title={title} />
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {t('schedule.images.none')}
            </Text>
          )
        ) : has ? (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="start">
            {EVENT_IMAGE_SIZES.map((size) =>
              images[size] ? (
                <Stack key={`${size}-${images[size]}`} gap="1.5">
                  <Text fontSize="sm" fontWeight="semibold">
                    {t(`schedule.images.${size}`)} · {SIZES[size].w}×{SIZES[size].h}
                  </Text>
                  <StoredImage url={images[size]!} alt={t('language.labelValue', { label: t(`schedule.images.${size}`), value: title })} size={size} />
                </Stack>
              ) : null,
            )}
          </SimpleGrid>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {t('schedule.images.none')}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
