/**
 * The browser's side of the upload API (app/lib/media/uploadApi.ts): JSON POSTs to the app, whose
 * refusals arrive as { error, message } already in the page's language.
 */
import type { FinishUploadResponse, SignRequest, SignResponse, StartUploadRequest, StartUploadResponse, UploadErrorResponse, UploadScope } from '#app/lib/media/uploadApi';

/** A refusal of the upload API, or a network failure: `message` is for people. */
export class UploadApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadApiError';
  }
}

async function post<T>(path: string, body: unknown, networkMessage: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin', signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new UploadApiError(networkMessage, 'network', 0);
  }
  const data = (await res.json().catch(() => null)) as (T & Partial<UploadErrorResponse>) | null;
  if (!res.ok || !data) throw new UploadApiError(data?.message ?? networkMessage, data?.error ?? 'network', res.status);
  return data;
}

export const startMediaUpload = (request: StartUploadRequest, networkMessage: string) => post<StartUploadResponse>('/api/media/upload/start', request, networkMessage);
export const signMediaCall = (request: SignRequest, networkMessage: string) => post<SignResponse>('/api/media/upload/sign', request, networkMessage);
export const finishMediaUpload = (mediaId: string, scope: UploadScope, networkMessage: string) => post<FinishUploadResponse>('/api/media/upload/finish', { mediaId, scope }, networkMessage);
export const abortMediaUpload = (mediaId: string, scope: UploadScope, uploadId: string | undefined, networkMessage: string) =>
  post<{ aborted: true }>('/api/media/upload/abort', { mediaId, scope, ...(uploadId ? { uploadId } : {}) }, networkMessage);

/** The item id inside an original's key (media/<id>/original.<ext>), or null. */
export function mediaIdOfKey(key: string): string | null {
  return /^media\/([a-z0-9]{21})\/original\.[a-z0-9]+$/.exec(key)?.[1] ?? null;
}
