/**
 * The MediaView of an item (app/lib/media/view.ts): what a preview or player needs, with storage
 * keys turned into short-lived signed URLs. Loaders call it for items the viewer may see
 * (access.server.ts); nothing here checks access.
 */
import type { MediaItem } from '#app/lib/media/model';
import { isPlayable, playlistUrl, type MediaView, type SignedImage } from '#app/lib/media/view';
import type { DerivedFile } from '#app/lib/media/model';
import type { TenantFiles } from '../data/tenantData.server';

const BASE_SECONDS = 15 * 60;
const MAX_SECONDS = 6 * 3600;

/**
 * How long the URLs of a playable item stay valid: long enough to play it through twice with
 * pauses (a player fetches a VOD file or playlist once), at least 15 minutes, at most 6 hours.
 */
export function signedUrlSeconds(durationSeconds: number | undefined): number {
  return Math.min(MAX_SECONDS, Math.max(BASE_SECONDS, Math.ceil((durationSeconds ?? 0) * 2) + 10 * 60));
}

export async function mediaView(files: TenantFiles, item: MediaItem, options: { canManage: boolean }): Promise<MediaView> {
  const d = item.derived;
  const expiresIn = signedUrlSeconds(d.durationSeconds);
  const sign = (file: DerivedFile | undefined) => (file ? files.presignDownload({ key: file.key, expiresIn }) : Promise.resolve(undefined));
  const image = async (file: DerivedFile): Promise<SignedImage> => ({ url: await files.presignDownload({ key: file.key, expiresIn }), width: file.width, height: file.height });

  const view: MediaView = {
    id: item.id,
    kind: item.kind,
    title: item.title,
    status: item.status,
    canManage: options.canManage,
    ...(item.progress !== undefined ? { progress: item.progress } : {}),
    ...(item.failure ? { failure: item.failure } : {}),
    ...(item.status === 'rejected' && item.review?.reason ? { rejectedReason: item.review.reason } : {}),
    ...(d.durationSeconds !== undefined ? { durationSeconds: d.durationSeconds } : {}),
    ...(d.width !== undefined ? { width: d.width, height: d.height } : {}),
  };
  if (!isPlayable(item)) return view;

  if (item.kind === 'image' && d.sizes) {
    const entries = await Promise.all(Object.entries(d.sizes).map(async ([name, file]) => [name, await image(file)] as const));
    view.image = { sizes: Object.fromEntries(entries) };
  } else if (item.kind === 'video' && d.hls) {
    const [mp4, poster] = await Promise.all([sign(d.mp4), sign(d.poster)]);
    view.video = { hls: playlistUrl(item.id), ...(mp4 ? { mp4 } : {}), ...(poster ? { poster } : {}) };
  } else if (item.kind === 'audio') {
    const [m4a, mp3] = await Promise.all([sign(d.mp4), sign(d.mp3)]);
    view.audio = { ...(m4a ? { m4a } : {}), ...(mp3 ? { mp3 } : {}), ...(d.waveform ? { waveform: d.waveform } : {}) };
  }
  if ((item.kind === 'video' || item.kind === 'audio') && item.captions && Object.keys(item.captions).length) {
    const tracks = Object.values(item.captions).sort((a, b) => a.language.localeCompare(b.language));
    view.captions = await Promise.all(tracks.map(async (track) => ({ language: track.language, url: await files.presignDownload({ key: track.key, expiresIn }) })));
  }
  if (item.kind === 'document' && d.pages) {
    view.document = { pageCount: d.pageCount ?? d.pages.length, pages: await Promise.all(d.pages.map(image)) };
  }
  return view;
}
