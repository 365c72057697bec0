/**
 * One media item as its viewer should see it (props: a MediaView from server/media/view.server.ts):
 * processing with live progress, failed with its reason and (for the owner or an admin) a retry,
 * rejected with the reviewer's reason, and once processed the right player or viewer for its kind.
 * The library, review and item screens all show items through it.
 */
import { Alert, Box, Button, Image, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { failureMessageKey } from '#app/lib/media/failures';
import { formatList } from '#app/lib/i18n/listFormat';
import { IMAGE_SIZE_NAMES, IMAGE_SIZES } from '#app/lib/media/model';
import { captionTracks, type MediaView } from '#app/lib/media/view';
import type { Ref } from 'react';
import { AudioPlayer, type AudioPlayerProps } from './AudioPlayer';
import { DocumentPages } from './DocumentPages';
import { useMediaStatus } from './useMediaStatus';
import type { PlayerHandle } from './useMediaWiring';
import { VideoPlayer, type VideoPlayerProps } from './VideoPlayer';

/** What a playback screen adds to the player (start, remembered position, chapters, autoplay…). */
export type PlayerOptions = Partial<Omit<VideoPlayerProps, 'title' | 'hls' | 'mp4' | 'poster'>> & Partial<Pick<AudioPlayerProps, 'volume'>>;

export interface MediaPreviewProps {
  media: MediaView;
  player?: PlayerOptions;
  playerRef?: Ref<PlayerHandle>;
}

export function MediaPreview({ media, player, playerRef }: MediaPreviewProps) {
  const { t } = useTranslation();
  const { live, pollFailed, retry, startRetry } = useMediaStatus(media.id, { status: media.status, progress: media.progress, failure: media.failure });

  if (live.status === 'uploading' || live.status === 'processing') {
    const progress = live.progress ?? 0;
    const label = live.status === 'uploading' ? t('player.status.uploading') : progress > 0 ? t('player.status.processing', { progress }) : t('player.status.queued');
    return (
      <Stack data-testid="media-preview" data-status={live.status} gap="2" p="4" borderWidth="1px" borderRadius="l2">
        <Text fontWeight="medium" aria-live="polite">
          {label}
        </Text>
        <Progress.Root value={live.status === 'uploading' ? null : progress} max={100} colorPalette="brand" aria-label={t('player.status.progressLabel')}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        {pollFailed && (
          <Text fontSize="sm" color="fg.muted">
            {t('player.status.statusUnavailable')}
          </Text>
        )}
      </Stack>
    );
  }

  if (live.status === 'failed') {
    return (
      <Stack data-testid="media-preview" data-status="failed" gap="3">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('player.status.failed')}</Alert.Title>
            <Alert.Description data-testid="media-failure">{t(failureMessageKey(live.failure))}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        {media.canManage && (
          <Box>
            <Button onClick={() => void startRetry()} loading={retry.busy} loadingText={t('player.retry.busy')} colorPalette="brand" data-testid="media-retry">
              {t('player.retry.action')}
            </Button>
          </Box>
        )}
        {retry.error !== undefined && (
          <Text role="alert" color="fg.error">
            {retry.error || t('player.retry.failed')}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Stack data-testid="media-preview" data-status={live.status} gap="3">
      {live.status === 'pending_review' && <Text color="fg.muted">{t('player.status.pending_review')}</Text>}
      {live.status === 'rejected' && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('player.status.rejected')}</Alert.Title>
            {media.rejectedReason && <Alert.Description>{t('player.status.rejectedReason', { reason: media.rejectedReason })}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
      <KindView media={media} player={player} playerRef={playerRef} />
    </Stack>
  );
}

function KindView({ media, player = {}, playerRef }: MediaPreviewProps) {
  const { t, i18n } = useTranslation();
  if (media.image) {
    const sizes = IMAGE_SIZE_NAMES.map((name) => ({ name, file: media.image!.sizes[name] })).filter((s) => s.file);
    const largest = sizes.at(-1)?.file;
    if (!largest) return null;
    return (
      <Stack gap="2">
        <Image
          src={largest.url}
          srcSet={sizes.map((s) => `${s.file!.url} ${s.file!.width ?? IMAGE_SIZES[s.name]}w`).join(', ')}
          sizes="(max-width: 48em) 100vw, 48em"
          alt={media.title}
          width={largest.width}
          height={largest.height}
          maxW="100%"
          h="auto"
          borderRadius="l2"
          data-testid="media-image"
        />
        <Text fontSize="sm" color="fg.muted">
          {t('player.image.sizes', { sizes: formatList(sizes.map((s) => `${s.name} (${s.file!.width}×${s.file!.height})`), i18n.language, 'unit') })}
        </Text>
      </Stack>
    );
  }
  if (media.video) {
    const { volume: _volume, ...videoOptions } = player;
    return (
      <VideoPlayer
        ref={playerRef}
        title={media.title}
        hls={media.video.hls}
        mp4={media.video.mp4}
        poster={media.video.poster}
        width={media.width}
        height={media.height}
        captions={captionTracks(media.captions, i18n.language)}
        beacon={{ mediaId: media.id }}
        {...videoOptions}
      />
    );
  }
  if (media.audio) {
    const { startAt, onTimeUpdate, rememberAs, autoPlay, onEnded, volume } = player;
    return (
      <AudioPlayer
        ref={playerRef}
        title={media.title}
        m4a={media.audio.m4a}
        mp3={media.audio.mp3}
        waveform={media.audio.waveform}
        durationSeconds={media.durationSeconds}
        captions={captionTracks(media.captions, i18n.language)}
        {...{ startAt, onTimeUpdate, rememberAs, autoPlay, onEnded, volume }}
      />
    );
  }
  if (media.document) {
    return <DocumentPages title={media.title} pages={media.document.pages} pageCount={media.document.pageCount} />;
  }
  return null;
}
