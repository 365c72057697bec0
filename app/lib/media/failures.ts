/**
 * Why processing failed: the codes the worker stores in item.failure. Every code has a sentence in
 * the `player` namespace (player.failure.<code>) telling the uploader what to do.
 */
export const MEDIA_FAILURES = [
  'image_unreadable',
  'video_unreadable',
  'video_no_picture',
  'audio_unreadable',
  'audio_no_sound',
  'document_unreadable',
  'document_protected',
  'document_empty',
  'original_missing',
  'trim_outside',
  'processing_error',
] as const;
export type MediaFailure = (typeof MEDIA_FAILURES)[number];

/** The translation key of a stored failure (an unknown or older text falls back to the generic one). */
export function failureMessageKey(failure: string | undefined): `player.failure.${MediaFailure}` {
  const code = (MEDIA_FAILURES as readonly string[]).includes(failure ?? '') ? (failure as MediaFailure) : 'processing_error';
  return `player.failure.${code}`;
}
