/**
 * Chat images and attachments (app/routes/api/chatUpload.ts, chatFile.ts). The browser asks for a
 * presigned PUT, uploads straight to object storage with progress, then sends the returned key in
 * a `send` frame (imageKeys / attachmentKeys). Type and size are checked before anything is signed,
 * and S3 itself refuses another type or length (both are signed).
 *
 * POST /api/chat/upload  JSON ChatUploadRequest → 200 ChatUploadResponse
 *   | 400 {error:'badRequest'|'type'|'tooLarge', message} | 401 | 403 (blocked, not open yet, over) | 404 (not this tenant's event)
 *   | 503 {error:'unavailable'} when the storage service cannot sign
 * GET  /api/chat/file?event=<id>&key=<key> → 302 to a short-lived signed URL (attachments download under
 *   their own name) | 401 | 403 | 404 (unknown event, or a key outside chat/<eventId>/)
 */
import { z } from 'zod';
import { eventIdSchema } from '../events/model';
import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_ATTACHMENT_TYPES, CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_TYPES } from './protocol';

export const CHAT_FILE_KINDS = ['image', 'attachment'] as const;
export type ChatFileKind = (typeof CHAT_FILE_KINDS)[number];

export const chatUploadRequestSchema = z.object({
  eventId: eventIdSchema,
  kind: z.enum(CHAT_FILE_KINDS),
  /** The file's own name; the server keeps a safe version of it as the key's last segment. */
  name: z.string().trim().min(1).max(200),
  type: z.string().trim().min(1).max(200),
  size: z.number().int().positive(),
});
export type ChatUploadRequest = z.infer<typeof chatUploadRequestSchema>;

export interface ChatUploadResponse {
  /** The key to send in imageKeys / attachmentKeys (inside the tenant's prefix, without it). */
  key: string;
  upload: { url: string; method: 'PUT'; headers: Record<string, string>; expiresAt: string };
}

export const CHAT_FILE_RULES: Record<ChatFileKind, { types: readonly string[]; maxBytes: number }> = {
  image: { types: CHAT_IMAGE_TYPES, maxBytes: CHAT_IMAGE_MAX_BYTES },
  attachment: { types: CHAT_ATTACHMENT_TYPES, maxBytes: CHAT_ATTACHMENT_MAX_BYTES },
};

/** Whether a file may be sent as this kind; the browser checks before asking, the server again. */
export function chatFileProblem(kind: ChatFileKind, type: string, size: number): 'type' | 'tooLarge' | null {
  const rules = CHAT_FILE_RULES[kind];
  if (!rules.types.includes(type.trim().toLowerCase())) return 'type';
  if (size > rules.maxBytes) return 'tooLarge';
  return null;
}

/** The safe last segment of a chat file key: letters, digits, dot, dash, underscore; at most 100 characters. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned || 'file';
}
