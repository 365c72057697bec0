/**
 * Where the embed pages live and what an organizer pastes on their site (docs/decisions/0089).
 * The event and video embeds are the only documents another site may frame, and only the
 * tenant's allowed origins (server/embeds/frame.server.ts).
 */
export const EMBED_PREFIX = '/embed/';
export const EMBED_EVENT_PATH = '/embed/event';
export const EMBED_VIDEO_PATH = '/embed/video';
/** The sizing script a host page includes (server/embeds/script.server.ts). */
export const EMBED_SCRIPT_PATH = '/embed.js';
/** The message type an embed page posts to its host: its height and whether a viewer is signed in. */
export const EMBED_MESSAGE = 'platform-embed:size';
/**
 * The sizing script's request for a frame's height, sent when the script starts and when a frame
 * loads: a frame that reported before the script listened (an async script) reports again.
 */
export const ASK_MESSAGE = 'platform-embed:ask';
/** The message the sizing script answers with: the host page's address (for the sign-in hop back to it). */
export const HOST_MESSAGE = 'platform-embed:host';

/** The first-party window that lets an embed frame in (never framed itself). */
export const EMBED_SIGN_IN_PATH = '/embed/signIn';
/** Where a frame collects its sign-in, or signs out. */
export const EMBED_SESSION_API = '/api/embed/session';

/** The documents another site may frame: the event and video embeds, nothing else (not the sign-in window). */
export const isFramedEmbedPath = (pathname: string) => pathname === EMBED_EVENT_PATH || pathname === EMBED_VIDEO_PATH;

/** A frame's sign-in request: 32 random bytes, base64url, made in the browser. */
export const PAIR_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type EmbedTarget = { kind: 'event'; eventId: string } | { kind: 'video'; mediaId: string };

/** The embed page's absolute URL on the tenant's site. */
export function embedUrl(origin: string, target: EmbedTarget): string {
  return target.kind === 'event'
    ? `${origin}${EMBED_EVENT_PATH}?event=${encodeURIComponent(target.eventId)}`
    : `${origin}${EMBED_VIDEO_PATH}?mediaId=${encodeURIComponent(target.mediaId)}`;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The snippet an organizer copies: the sizing script and the iframe it sizes. */
export function embedCode(origin: string, target: EmbedTarget, title: string): string {
  const src = embedUrl(origin, target);
  return [
    `<script src="${origin}${EMBED_SCRIPT_PATH}" async></script>`,
    `<iframe data-platform-embed src="${escapeAttr(src)}" title="${escapeAttr(title)}" width="100%" height="420" style="border:0;max-width:100%" loading="lazy" allow="autoplay; fullscreen; picture-in-picture; storage-access" allowfullscreen></iframe>`,
  ].join('\n');
}
