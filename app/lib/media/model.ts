/**
 * The media library's model, shared by the browser and the server (docs/PRODUCT.md, Data: Media).
 * One item per uploaded file: an image, a video, an audio file or a document (PDF). Uploads go
 * straight to object storage; a worker derives the files the players and viewers need.
 *
 * Lifecycle: uploading → processing → ready | failed. A video sent for review is then
 * pending_review → published | rejected (with a reason the uploader sees).
 */
import { z } from 'zod';

export const MEDIA_KINDS = ['image', 'video', 'audio', 'document'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const MEDIA_STATUSES = ['uploading', 'processing', 'ready', 'failed', 'pending_review', 'published', 'rejected'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** private: the owner (and the tenant's admins); tenant: every signed-in member of the tenant; public: anyone. */
export const MEDIA_VISIBILITIES = ['private', 'tenant', 'public'] as const;
export type MediaVisibility = (typeof MEDIA_VISIBILITIES)[number];

/** tenant: a tenant's library; system: the platform's defaults and placeholders, a fallback for every tenant. */
export type MediaScope = 'tenant' | 'system';

/** SPEC.md §3 image sizes: the longest side in pixels. */
export const IMAGE_SIZES = { small300: 300, medium500: 500, medium750: 750, large1500: 1500 } as const;
export type ImageSizeName = keyof typeof IMAGE_SIZES;
export const IMAGE_SIZE_NAMES = Object.keys(IMAGE_SIZES) as ImageSizeName[];

/** Video renditions cut for HLS, by height; the source's own height is added when it is lower than the highest. */
export const VIDEO_RENDITION_HEIGHTS = [360, 720] as const;

/** The MIME types each kind accepts, checked against the stored object's bytes (never the name or the browser's claim). */
export const ACCEPTED_TYPES: Record<MediaKind, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
  video: ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'],
  audio: ['audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/wav', 'audio/x-wav', 'audio/ogg', 'audio/webm', 'audio/flac', 'audio/x-flac'],
  document: ['application/pdf'],
};

/** The largest file of each kind, in bytes. */
export const MAX_BYTES: Record<MediaKind, number> = {
  image: 25 * 1024 * 1024,
  video: 5 * 1024 * 1024 * 1024,
  audio: 500 * 1024 * 1024,
  document: 100 * 1024 * 1024,
};

/** Files at least this large go up as an S3 multipart upload (resumable, pausable); smaller ones in one PUT. */
export const MULTIPART_THRESHOLD_BYTES = 8 * 1024 * 1024;

/** The kind a MIME type belongs to, or null when the library does not take it. */
export function kindOfType(mimeType: string): MediaKind | null {
  for (const kind of MEDIA_KINDS) if (ACCEPTED_TYPES[kind].includes(mimeType)) return kind;
  return null;
}

/** One derived file: its object key (tenant-relative, under the item's folder) and what a player needs to know. */
export interface DerivedFile {
  key: string;
  contentType: string;
  bytes: number;
  width?: number;
  height?: number;
}

/** What the worker derived from the original; each field is filled by the job for that kind. */
export interface MediaDerived {
  /** Images: the four SPEC sizes (never larger than the original). */
  sizes?: Partial<Record<ImageSizeName, DerivedFile>>;
  /** Video: the HLS master playlist; its renditions sit beside it. */
  hls?: DerivedFile;
  /** Video: the heights of the HLS renditions cut. */
  renditions?: number[];
  /** Video: the MP4 fallback. Audio: the AAC (m4a) file. */
  mp4?: DerivedFile;
  /** Audio: the MP3 file. */
  mp3?: DerivedFile;
  /** Video: a still frame. */
  poster?: DerivedFile;
  /** Audio: peak levels (0–1), evenly spaced over the duration, for a waveform. */
  waveform?: number[];
  /** Documents: one image per page, for the slide viewer. */
  pages?: DerivedFile[];
  /** Video and audio: seconds. */
  durationSeconds?: number;
  /** Documents: pages. */
  pageCount?: number;
  /** Images and video: the original's pixel size. */
  width?: number;
  height?: number;
}

/** How an item came to be: uploaded by a person, recorded from a room, or kept from a live broadcast. */
export const MEDIA_ORIGINS = ['upload', 'recording', 'broadcast'] as const;
export type MediaOrigin = (typeof MEDIA_ORIGINS)[number];

/** Where a captions track came from: a transcription job, a room's live captions, or a file someone uploaded. */
export const CAPTION_SOURCES = ['transcript', 'live', 'upload'] as const;
export type CaptionSource = (typeof CAPTION_SOURCES)[number];

/** A WebVTT captions track of a video or audio item, one per language. */
export interface MediaCaptionTrack {
  /** BCP 47 language of the captions ("en", "es-MX"). */
  language: string;
  /** Tenant-relative key of the .vtt file (captionsKey in server/media/data/mediaCaptions.server.ts). */
  key: string;
  source: CaptionSource;
  cueCount: number;
  updatedAt: string;
}

export interface MediaItem {
  id: string;
  scope: MediaScope;
  kind: MediaKind;
  /** The user (sub) who uploaded it. */
  ownerId: string;
  ownerName: string;
  title: string;
  description: string;
  tags: string[];
  visibility: MediaVisibility;
  status: MediaStatus;
  /** The original file as uploaded (tenant-relative key), its name, its real type (from its bytes) and size. */
  original: { key: string; fileName: string; contentType: string; bytes: number };
  derived: MediaDerived;
  /** Processing progress, 0–100, while status is processing. */
  progress?: number;
  /** Why processing failed (status failed), in words an uploader can act on. */
  failure?: string;
  /** Sent for review: set by /reviewVideoUpload; the review decision, its reason and who made it. */
  review?: { requested: boolean; decidedBy?: string; decidedAt?: string; reason?: string };
  /** How it came to be (absent on items stored before origins existed: uploads). */
  origin?: MediaOrigin;
  /** The event it belongs to: its recording, its kept broadcast, its trailer (listed with context.data.media.forEvent). */
  eventId?: string;
  /** Recordings and kept broadcasts: when the recorded content began (an event timeline's zero: chapters, chat replay). Absent: createdAt. */
  startedAt?: string;
  /** A recorded take's part to keep (/mediaCapture; docs/decisions/0044): the processors cut the rest. */
  trim?: { startSeconds: number; endSeconds: number };
  /** The spoken language (a BCP 47 tag such as "en" or "pt-BR"), set by the owner; the on-demand libraries filter by it. */
  language?: string;
  /** Captions tracks by language (video and audio); the players offer each. */
  captions?: Record<string, MediaCaptionTrack>;
  createdAt: string;
  updatedAt: string;
}

/** The limits of an item's edit form; the schema checks them and the messages name them. */
export const MEDIA_EDIT_LIMITS = { titleMax: 200, descriptionMax: 2000, tagsMax: 20, tagMax: 40 } as const;

const tag = z.string().trim().min(1).max(MEDIA_EDIT_LIMITS.tagMax);

/** A media item's language: a BCP 47 language tag ("en", "pt-BR"). */
export const mediaLanguageSchema = z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/);

/** What an owner may change on an item. */
export const mediaEditSchema = z
  .object({
    title: z.string().trim().min(1, 'media.errors.titleRequired').max(MEDIA_EDIT_LIMITS.titleMax),
    description: z.string().trim().max(MEDIA_EDIT_LIMITS.descriptionMax).default(''),
    tags: z.array(tag).max(MEDIA_EDIT_LIMITS.tagsMax).default([]),
    visibility: z.enum(MEDIA_VISIBILITIES),
    /** Absent: unchanged; empty: no language. */
    language: z.union([mediaLanguageSchema, z.literal('')]).optional(),
  })
  .strict();
export type MediaEdit = z.infer<typeof mediaEditSchema>;

/** The job a finished upload enqueues for the worker. */
export interface MediaJob {
  tenantId: string;
  scope: MediaScope;
  mediaId: string;
  kind: MediaKind;
}
