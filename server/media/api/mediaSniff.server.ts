/**
 * The real type of an uploaded file, from its first bytes (file-type's signatures), never from its
 * name or what the browser claimed. The library stores each kind's accepted types
 * (app/lib/media/model.ts ACCEPTED_TYPES); detectors name some of them differently.
 */
import { fileTypeFromBuffer } from 'file-type';
import { ACCEPTED_TYPES, type MediaKind } from '#app/lib/media/model';

/** How many leading bytes are read to tell the type: enough for MP4/Matroska headers that sit past the first kilobytes. */
export const SNIFF_BYTES = 64 * 1024;

/** file-type's name → the library's, for every kind. */
const ALIASES: Record<string, string> = {
  'audio/x-m4a': 'audio/mp4',
  'video/matroska': 'video/x-matroska',
  'video/x-m4v': 'video/mp4',
  'image/apng': 'image/png',
};

/**
 * Audio often sits in a container signed as video (an MP4 of brand isom, WebM, Ogg): announced as
 * audio, such a container is taken as audio; the worker reads its audio stream.
 */
const AUDIO_CONTAINERS: Record<string, string> = { 'video/mp4': 'audio/mp4', 'video/webm': 'audio/webm', 'video/ogg': 'audio/ogg' };

/** The file's real type when it is one the kind accepts, else null (unknown bytes, or another kind's type). */
export async function sniffMediaType(head: Uint8Array, kind: MediaKind): Promise<string | null> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return null;
  let type = ALIASES[found.mime] ?? found.mime;
  if (kind === 'audio' && AUDIO_CONTAINERS[type]) type = AUDIO_CONTAINERS[type];
  return ACCEPTED_TYPES[kind].includes(type) ? type : null;
}
