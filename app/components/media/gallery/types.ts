/** What the download and viewing screens send the browser about shared media (built by server/media/screens/sharedMedia.server.ts). */
import type { MediaKind } from '#app/lib/media/model';

/** One image at one size: a signed URL and its pixel size (for srcset and the lightbox). */
export interface SizedImage {
  src: string;
  width: number;
  height: number;
}

/** A shared photo: the grid's sizes (small300, medium500) and the lightbox's (medium750, large1500), smallest first. */
export interface PhotoCard {
  id: string;
  title: string;
  fileName: string;
  grid: SizedImage[];
  large: SizedImage[];
}

/** One row of /downloadFiles: the download link goes through the app, which signs a fresh URL on each press. */
export interface FileRow {
  id: string;
  title: string;
  fileName: string;
  kind: MediaKind;
  contentType: string;
  bytes: number;
  createdAt: string;
  ownerName: string;
  href: string;
}

export const FILE_SORTS = ['name', 'kind', 'size', 'date'] as const;
export type FileSort = (typeof FILE_SORTS)[number];
export type SortDirection = 'asc' | 'desc';

/** A slide of the pitch deck: its page image. */
export interface Slide {
  src: string;
  width: number;
  height: number;
}

export type DeckState = 'none' | 'processing' | 'failed' | 'ready';

/** The pitch deck's facts for its screens; `href` downloads it through the app (a fresh signed URL each press). */
export interface DeckSummary {
  id: string;
  title: string;
  fileName: string;
  bytes: number;
  pageCount: number | null;
  updatedAt: string;
  href: string;
}
