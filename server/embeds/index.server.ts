/**
 * The embeds feature's public surface (docs/decisions/0089-embeds.md): who may frame the embed
 * pages, the sizing script host pages include, and who is looking at an embed (the site's own
 * session, else the frame's embed session collected from a sign-in granted in a first-party window).
 */
export { frameAncestorsFor, keepsSameOriginFraming } from './frame.server';
export { EMBED_SCRIPT, embedScript } from './script.server';
export { embedViewer, endEmbedSession, startEmbedSession, type EmbedViewer } from './viewer.server';
