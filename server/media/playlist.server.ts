/**
 * HLS playlists for private storage (docs/decisions/0026): the worker's playlists name their
 * renditions and segments by relative path, which a browser would resolve against the app's
 * playlist URL. The app serves each playlist after the viewer's access check and rewrites it: the
 * master playlist's renditions point back to this route, a rendition's segments become presigned
 * storage URLs. Playlists are a few kilobytes; segments go straight from storage to the browser.
 */
import { playlistUrl } from '#app/lib/media/view';

const VARIANT = /^\d{2,4}p$/;
const SEGMENT = /^[A-Za-z0-9_.-]+$/;

export const isVariantName = (value: string) => VARIANT.test(value);

/** URI lines (neither blank nor a tag) of a playlist, rewritten one by one. */
async function rewriteUris(text: string, rewrite: (uri: string) => Promise<string> | string): Promise<string> {
  const lines = text.split(/\r?\n/);
  const out = await Promise.all(lines.map((line) => (line.trim() === '' || line.startsWith('#') ? line : rewrite(line.trim()))));
  return out.join('\n');
}

/** The master playlist with each rendition ("360p/index.m3u8") pointing to the playlist route. */
export function rewriteMasterPlaylist(text: string, mediaId: string): Promise<string> {
  return rewriteUris(text, (uri) => {
    const variant = uri.split('/')[0] ?? '';
    if (!isVariantName(variant) || uri !== `${variant}/index.m3u8`) throw new Error(`unexpected rendition in master playlist: ${uri}`);
    return playlistUrl(mediaId, variant);
  });
}

/** A rendition's playlist with each segment replaced by `sign(segmentFileName)`. */
export function rewriteMediaPlaylist(text: string, sign: (segment: string) => Promise<string>): Promise<string> {
  return rewriteUris(text, (uri) => {
    if (!SEGMENT.test(uri)) throw new Error(`unexpected segment in playlist: ${uri}`);
    return sign(uri);
  });
}
