/**
 * Uploads a browser recording through the media pipeline's own signed calls
 * (/api/media/upload/start, sign, finish; docs/decisions/0025): a small file in one PUT, a large
 * one as an S3 multipart upload whose finished parts are kept, so a failed upload resumes where it
 * stopped (`resume`) instead of starting over. Progress is reported in bytes.
 */
import type { MediaItem } from '#app/lib/media/model';
import { usesMultipart, type SignRequest } from '#app/lib/media/uploadApi';
import { finishMediaUpload, signMediaCall, startMediaUpload, UploadApiError } from '#app/components/media/upload/uploadClient';

const PART_TRIES = 3;

export interface RecordingUpload {
  /** Uploads what is missing and finishes; call again after a failure to resume. */
  run: () => Promise<MediaItem>;
  mediaId: () => string | null;
}

function send(method: string, url: string, body: Blob | string | null, headers: Record<string, string> = {}, onProgress?: (loaded: number) => void) {
  return new Promise<XMLHttpRequest>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve(xhr) : reject(new Error(`storage answered ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(body);
  });
}

export function createRecordingUpload(
  blob: Blob,
  options: { eventId: string; title: string; networkMessage: string; onProgress: (sent: number, total: number) => void },
): RecordingUpload {
  const contentType = 'video/webm';
  let started: { mediaId: string; key: string; partSize: number } | null = null;
  let uploadId: string | null = null;
  const parts = new Map<number, string>();
  let singleDone = false;
  const total = blob.size;

  const sign = (request: SignRequest['request']) => signMediaCall({ mediaId: started!.mediaId, scope: 'tenant', request }, options.networkMessage);

  async function single() {
    if (singleDone) return;
    const signed = await sign({ method: 'PUT', key: started!.key, contentType });
    await send('PUT', signed.url, blob, signed.headers ?? { 'Content-Type': contentType }, (loaded) => options.onProgress(loaded, total));
    singleDone = true;
  }

  async function multipart() {
    const { key, partSize } = started!;
    if (!uploadId) {
      const signed = await sign({ method: 'POST', key, contentType });
      const xhr = await send('POST', signed.url, null, signed.headers ?? {});
      uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(xhr.responseText)?.[1] ?? null;
      if (!uploadId) throw new Error('storage gave no upload id');
    }
    const count = Math.ceil(total / partSize);
    const doneBytes = () => [...parts.keys()].reduce((sum, n) => sum + Math.min(partSize, total - (n - 1) * partSize), 0);
    for (let n = 1; n <= count; n++) {
      if (parts.has(n)) continue;
      const slice = blob.slice((n - 1) * partSize, Math.min(total, n * partSize));
      for (let attempt = 1; ; attempt++) {
        try {
          const signed = await sign({ method: 'PUT', key, uploadId, partNumber: n });
          const base = doneBytes();
          const xhr = await send('PUT', signed.url, slice, signed.headers ?? {}, (loaded) => options.onProgress(base + loaded, total));
          const etag = xhr.getResponseHeader('ETag');
          if (!etag) throw new Error('storage gave no ETag');
          parts.set(n, etag);
          break;
        } catch (e) {
          if (attempt >= PART_TRIES) throw e;
        }
      }
    }
    const signed = await sign({ method: 'POST', key, uploadId });
    const xml = `<CompleteMultipartUpload>${[...parts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([n, etag]) => `<Part><PartNumber>${n}</PartNumber><ETag>${etag}</ETag></Part>`)
      .join('')}</CompleteMultipartUpload>`;
    await send('POST', signed.url, xml, { ...(signed.headers ?? {}), 'Content-Type': 'application/xml' });
  }

  return {
    mediaId: () => started?.mediaId ?? null,
    run: async () => {
      if (!started) {
        const answer = await startMediaUpload(
          { fileName: `${options.title.slice(0, 200) || 'recording'}.webm`, contentType, size: total, kinds: ['video'], title: options.title.slice(0, 200), origin: 'recording', eventId: options.eventId },
          options.networkMessage,
        );
        started = { mediaId: answer.mediaId, key: answer.key, partSize: answer.partSize };
      }
      try {
        if (usesMultipart(total)) await multipart();
        else await single();
      } catch (e) {
        throw e instanceof UploadApiError ? e : new UploadApiError(options.networkMessage, 'network', 0);
      }
      options.onProgress(total, total);
      const { item } = await finishMediaUpload(started.mediaId, 'tenant', options.networkMessage);
      return item;
    },
  };
}
