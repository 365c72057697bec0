/**
 * What a media preview or player needs of one item, with short-lived URLs already signed
 * (server/media/view.server.ts builds it in a loader): the browser never sees storage keys.
 */
import type { ImageSizeName, MediaItem, MediaKind, MediaStatus } from './model';

export interface SignedImage {
  url: string;
  width?: number;
  height?: number;
}

export interface MediaView {
  id: string;
  kind: MediaKind;
  title: string;
  status: MediaStatus;
  progress?: number;
  /** A failure code (app/lib/media/failures.ts). */
  failure?: string;
  /** Why a reviewed video was rejected, in the reviewer's words. */
  rejectedReason?: string;
  /** The viewer may retry, edit and delete it. */
  canManage: boolean;
  durationSeconds?: number;
  width?: number;
  height?: number;
  image?: { sizes: Partial<Record<ImageSizeName, SignedImage>> };
  video?: {
    /** The master playlist through the app (tenant-checked, segments signed): /api/media/playlist?id=… */
    hls: string;
    mp4?: string;
    poster?: string;
  };
  audio?: { m4a?: string; mp3?: string; waveform?: number[] };
  document?: { pageCount: number; pages: SignedImage[] };
  /** Video and audio: a short-lived WebVTT URL per captions language (item.captions). */
  captions?: SignedCaptions[];
}

export interface SignedCaptions {
  /** BCP 47 ("en", "es-MX"). */
  language: string;
  url: string;
}

/** The players' tracks: labelled in the viewer's language; the one in the viewer's language (else the first) on by default. */
export function captionTracks(captions: readonly SignedCaptions[] | undefined, viewerLanguage: string): Array<{ src: string; srclang: string; label: string; default?: boolean }> {
  if (!captions?.length) return [];
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([viewerLanguage], { type: 'language' });
  } catch {
    names = null;
  }
  const base = viewerLanguage.split('-')[0];
  const preferred = captions.find((c) => c.language === viewerLanguage) ?? captions.find((c) => c.language.split('-')[0] === base) ?? captions[0];
  return captions.map((c) => ({
    src: c.url,
    srclang: c.language,
    label: names?.of(c.language) ?? c.language,
    ...(c === preferred ? { default: true } : {}),
  }));
}

/** The playlist route's URL for an item (the master playlist) or one rendition ("720p"). */
export function playlistUrl(id: string, variant?: string): string {
  return `/api/media/playlist?id=${encodeURIComponent(id)}${variant ? `&variant=${encodeURIComponent(variant)}` : ''}`;
}

/** Statuses in which the derived files exist and can be played. */
export const PLAYABLE_STATUSES: ReadonlySet<MediaStatus> = new Set(['ready', 'published', 'pending_review', 'rejected']);

export const isPlayable = (item: Pick<MediaItem, 'status'>) => PLAYABLE_STATUSES.has(item.status);
