/**
 * Chat file uploads from the browser (app/lib/chat/files.ts): ask the app for a presigned PUT,
 * then send the file straight to storage with progress (XMLHttpRequest: fetch cannot report upload
 * progress). The returned key goes into the message's imageKeys / attachmentKeys.
 */
import type { ChatFileKind, ChatUploadResponse } from '#app/lib/chat/files';

export type UploadAnswer = { ok: true; data: ChatUploadResponse } | { ok: false; status: number; message: string | null };

/** POST /api/chat/upload; the server's own message when it refuses. */
export async function requestChatUpload(eventId: string, kind: ChatFileKind, file: File, signal?: AbortSignal): Promise<UploadAnswer> {
  try {
    const res = await fetch('/api/chat/upload', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ eventId, kind, name: file.name || 'file', type: file.type, size: file.size }),
      credentials: 'same-origin',
      signal,
    });
    const body = (await res.json().catch(() => null)) as (Partial<ChatUploadResponse> & { message?: unknown }) | null;
    if (res.ok && body?.key && body.upload?.url) return { ok: true, data: body as ChatUploadResponse };
    return { ok: false, status: res.status, message: typeof body?.message === 'string' ? body.message : null };
  } catch {
    return { ok: false, status: 0, message: null };
  }
}

/** Headers the browser sets itself and refuses to take from a script. */
const BROWSER_HEADERS = new Set(['content-length', 'host', 'connection']);

/** PUT the file to the presigned URL, reporting progress in percent. */
export function putWithProgress(upload: ChatUploadResponse['upload'], file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(upload.method, upload.url);
    for (const [k, v] of Object.entries(upload.headers)) if (!BROWSER_HEADERS.has(k.toLowerCase())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(String(xhr.status))));
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new Error('aborted'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
