/**
 * The media library screens' shared shapes (/uploadCustomerMedia, /customerImageUpload,
 * /reviewVideoUpload): the query a URL carries, what a card shows, and the bodies of the library's
 * API (POST /api/media/items, /api/media/review), checked with zod on the server.
 */
import { z } from 'zod';
import type { KeyIn } from '#app/lib/i18n/keys';
import type { MediaView } from './view';
import { MEDIA_KINDS, MEDIA_STATUSES, MEDIA_VISIBILITIES, type ImageSizeName, type MediaKind, type MediaStatus, type MediaVisibility } from './model';

export const LIBRARY_VIEWS = ['grid', 'list'] as const;
export type LibraryView = (typeof LIBRARY_VIEWS)[number];

export interface LibraryQuery {
  kind?: MediaKind;
  status?: MediaStatus;
  q?: string;
  view: LibraryView;
  /** The last item id of the previous page. */
  after?: string;
}

const MEDIA_ID = /^[a-z0-9]{21}$/;
export const mediaIdSchema = z.string().regex(MEDIA_ID);

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The library's filters from a URL; anything unknown is left out (the page then shows everything). */
export function parseLibraryQuery(params: URLSearchParams): LibraryQuery {
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const after = params.get('after') ?? '';
  return {
    kind: pick(MEDIA_KINDS, params.get('kind')),
    status: pick(MEDIA_STATUSES, params.get('status')),
    q: q || undefined,
    view: pick(LIBRARY_VIEWS, params.get('view')) ?? 'grid',
    after: MEDIA_ID.test(after) ? after : undefined,
  };
}

/** The URL search of a library query (defaults left out), with changes applied. */
export function libraryHref(path: string, query: LibraryQuery, change: Partial<LibraryQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.kind) params.set('kind', next.kind);
  if (next.status) params.set('status', next.status);
  if (next.q) params.set('q', next.q);
  if (next.view !== 'grid') params.set('view', next.view);
  if (next.after) params.set('after', next.after);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The library page with one item open in its viewer (?open=), filters kept. */
export function libraryItemHref(path: string, query: LibraryQuery, id: string): string {
  const href = libraryHref(path, query);
  return `${href}${href.includes('?') ? '&' : '?'}open=${encodeURIComponent(id)}`;
}

export interface ImageSizeCard {
  name: ImageSizeName;
  width: number | null;
  height: number | null;
  url: string | null;
}

/** One item as the library shows it; links are short-lived signed URLs. */
export interface LibraryCard {
  id: string;
  kind: MediaKind;
  title: string;
  description: string;
  tags: string[];
  visibility: MediaVisibility;
  status: MediaStatus;
  progress: number | null;
  failure: string | null;
  ownerName: string;
  mine: boolean;
  canManage: boolean;
  createdAt: string;
  fileName: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /** The spoken language (a BCP 47 tag), when the owner set one. */
  language: string | null;
  /** Sent for review: the decision's reason (a rejection) and when it was made. */
  review: { reason: string | null; decidedAt: string | null } | null;
  previewUrl: string | null;
  /** /customerImageUpload: each SPEC size with its pixel size and link. */
  sizes: ImageSizeCard[] | null;
}

/** A video waiting for review, with what an admin needs to watch it (signed links, the HLS playlist route). */
export interface ReviewEntry {
  card: LibraryCard;
  view: MediaView;
}

/** One playable track of a playlist: an audio item the viewer may see, with signed links to its AAC and MP3 (the original when neither exists). */
export interface PlaylistTrack {
  id: string;
  title: string;
  m4a: string | null;
  mp3: string | null;
  waveform: number[] | null;
  durationSeconds: number | null;
}

export const EDIT_FIELDS = ['title', 'description', 'tags', 'visibility'] as const;
export type EditField = (typeof EDIT_FIELDS)[number];

/** Tags typed as one line, separated by commas. */
export const splitTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

const ids = z.array(mediaIdSchema).min(1).max(100);

/**
 * The items a library request names (`id`, `ids`), read before the rest of the body is checked:
 * an item that is not the caller's answers 404/403 whatever else the body says.
 */
export const itemTargetsSchema = z
  .object({ id: z.string().max(100).optional(), ids: z.array(z.string().max(100)).max(100).optional() })
  .passthrough()
  .transform((body) => [...new Set([...(body.id === undefined ? [] : [body.id]), ...(body.ids ?? [])])]);

/** POST /api/media/items: edit one item, delete items, or change their visibility. */
export const itemsRequestSchema = z.discriminatedUnion('intent', [
  z
    .object({
      intent: z.literal('edit'),
      id: mediaIdSchema,
      title: z.string().max(1000),
      description: z.string().max(5000),
      tags: z.string().max(2000),
      visibility: z.string().max(20),
      language: z.string().max(20).optional(),
    })
    .strict(),
  z.object({ intent: z.literal('delete'), ids }).strict(),
  z.object({ intent: z.literal('visibility'), ids, visibility: z.enum(MEDIA_VISIBILITIES) }).strict(),
]);
export type ItemsRequest = z.infer<typeof itemsRequestSchema>;

export const REVIEW_REASON_MAX = 500;

/** POST /api/media/review (admins): publish a video waiting for review, or reject it with a reason. */
export const reviewRequestSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('publish'), id: mediaIdSchema }).strict(),
  z.object({ decision: z.literal('reject'), id: mediaIdSchema, reason: z.string().max(5000) }).strict(),
]);

/** The error codes of the library's API; each has a message under library.api. */
export const LIBRARY_API_ERRORS = ['badRequest', 'unauthenticated', 'forbidden', 'notFound', 'invalid', 'notPending'] as const;
export type LibraryApiError = (typeof LIBRARY_API_ERRORS)[number];

/** A field's error: a key under library.errors, translated by the form that shows it. */
export type FieldErrorKey = KeyIn<'library.errors'>;
export type FieldErrors = Partial<Record<EditField | 'language' | 'reason' | 'trackIds' | 'volume', FieldErrorKey>>;

export type LibraryApiResponse = { ok: true; count?: number; id?: string } | { ok: false; error: LibraryApiError; message: string; fieldErrors?: FieldErrors };

