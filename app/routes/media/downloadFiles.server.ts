import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { FILE_SORTS, type FileRow, type FileSort, type SortDirection } from '#app/components/media/gallery/types';
import type { MediaItem } from '#app/lib/media/model';
import { getFixedT } from '#server/i18n.server';
import { downloadRedirect, NO_STORE, sharedViewer } from '#server/media/screens/sharedMedia.server';

/** Unknown sort values fall back to the default rather than failing: the URL is typed by people. */
const sortSchema = z.object({
  sort: z.enum(FILE_SORTS).catch('date'),
  dir: z.enum(['asc', 'desc']).catch('desc'),
});

const COMPARE: Record<FileSort, (a: MediaItem, b: MediaItem) => number> = {
  name: (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base', numeric: true }),
  kind: (a, b) => a.kind.localeCompare(b.kind) || a.original.contentType.localeCompare(b.original.contentType),
  size: (a, b) => a.original.bytes - b.original.bytes,
  date: (a, b) => a.createdAt.localeCompare(b.createdAt),
};

export function sortFiles(items: MediaItem[], sort: FileSort, dir: SortDirection): MediaItem[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => sign * COMPARE[sort](a, b) || a.id.localeCompare(b.id));
}

/**
 * /downloadFiles: the finished files shared with the viewer (app/lib/media/sharing.ts), sorted as
 * ?sort=&dir= say. `?file=<id>` answers with a redirect to a one-minute signed attachment URL.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { access, signedIn } = await sharedViewer(args);
  const download = await downloadRedirect(args, access, 'file');
  if (download) return download;
  const { context, request } = args;
  const t = await getFixedT(context.languageTag);
  const params = new URL(request.url).searchParams;
  const { sort, dir } = sortSchema.parse({ sort: params.get('sort') ?? undefined, dir: params.get('dir') ?? undefined });
  const items = sortFiles(await context.data.media.shared(access), sort, dir);
  const files: FileRow[] = items.map((item) => ({
    id: item.id,
    title: item.title,
    fileName: item.original.fileName,
    kind: item.kind,
    contentType: item.original.contentType,
    bytes: item.original.bytes,
    createdAt: item.createdAt,
    ownerName: item.ownerName,
    href: `/downloadFiles?file=${item.id}`,
  }));
  return json({ title: t('gallery.files.title'), files, sort, dir, signedIn }, { headers: NO_STORE });
}
