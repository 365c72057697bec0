/**
 * The live HLS playlists as viewers get them (docs/decisions/0029). The worker stores an EVENT
 * playlist that grows for the whole push (it also becomes the VOD); a viewer needs only the live
 * edge. Each rendition's playlist is cut to its last segments, with the media sequence moved on
 * accordingly, and each segment becomes a short-lived signed storage URL; the master playlist's
 * renditions point back to the live route. Signing a few segments per request keeps a playlist
 * request cheap however long the broadcast runs.
 */
const SEGMENT = /^segment_\d+\.ts$/;

/** Segments a viewer's playlist keeps: hls.js starts three target durations from the end. */
export const LIVE_WINDOW_SEGMENTS = 8;

/** The master playlist with each rendition ("720p/index.m3u8") pointing to `urlFor(variant)`; an unknown rendition is left out. */
export function rewriteLiveMaster(text: string, variants: readonly string[], urlFor: (variant: string) => string): string {
  const out: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line.startsWith('#EXT-X-STREAM-INF')) {
      const uri = (lines[i + 1] ?? '').trim();
      const variant = uri.split('/')[0] ?? '';
      i++;
      if (uri !== `${variant}/index.m3u8` || !variants.includes(variant)) continue;
      out.push(line, urlFor(variant));
    } else if (line !== '') out.push(line);
  }
  return `${out.join('\n')}\n`;
}

/** A rendition's playlist cut to the live edge, its segments signed. */
export async function rewriteLiveMedia(text: string, sign: (segment: string) => Promise<string>, window = LIVE_WINDOW_SEGMENTS): Promise<string> {
  const header: string[] = [];
  const segments: { tags: string[]; uri: string }[] = [];
  let pending: string[] = [];
  let sequence = 0;
  let ended = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) sequence = Number(line.split(':')[1]) || 0;
    else if (line.startsWith('#EXT-X-PLAYLIST-TYPE')) continue;
    else if (line === '#EXT-X-ENDLIST') ended = true;
    else if (line.startsWith('#EXTINF') || line.startsWith('#EXT-X-DISCONTINUITY') || line.startsWith('#EXT-X-PROGRAM-DATE-TIME')) pending.push(line);
    else if (line.startsWith('#')) header.push(line);
    else if (SEGMENT.test(line)) {
      segments.push({ tags: pending, uri: line });
      pending = [];
    }
  }
  const kept = segments.slice(-window);
  const skipped = segments.length - kept.length;
  const signed = await Promise.all(kept.map((s) => sign(s.uri)));
  const body = kept.flatMap((s, i) => [...s.tags, signed[i]!]);
  return `${[...header, `#EXT-X-MEDIA-SEQUENCE:${sequence + skipped}`, ...body, ...(ended ? ['#EXT-X-ENDLIST'] : [])].join('\n')}\n`;
}
