/**
 * Sends a take to the library through the upload pipeline every upload screen uses
 * (createUploader: the item made and checked by the app, the bytes straight to storage, then
 * checked and queued), with its trim for the processors. A failed upload keeps the take: trying
 * again removes the failed attempt (its item is aborted) and sends the same take anew.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '#app/lib/media/model';
import type { Trim } from '#app/lib/media/trim';
import { createUploader, type MediaUppy } from '../upload/createUploader';
import { useUploaderMessages } from '../upload/UploadRules';
import { uppyLocale } from '../upload/uppyLocale';
import type { Take } from './useTakeRecorder';

export type UploadPhase = { name: 'idle' } | { name: 'uploading'; percent: number } | { name: 'done'; item: MediaItem } | { name: 'failed'; message: string };

const KINDS = ['video', 'audio'] as const;

/** A file name for the take from its title: what the library shows as its title. */
const fileName = (title: string, extension: string) => `${title.replace(/[\\/:*?"<>|]+/g, ' ').trim().slice(0, 200) || 'recording'}.${extension}`;

export function useTakeUpload() {
  const { i18n } = useTranslation();
  const messages = useUploaderMessages(KINDS);
  const [phase, setPhase] = useState<UploadPhase>({ name: 'idle' });
  const uppy = useRef<MediaUppy | null>(null);
  const language = i18n.language;

  useEffect(() => {
    const instance = createUploader({
      id: 'mediaCapture',
      scope: 'tenant',
      kinds: KINDS,
      maxFiles: 1,
      restore: false,
      locale: uppyLocale(language),
      messages,
      onFinished: (item) => setPhase({ name: 'done', item }),
      onRefused: (message) => setPhase({ name: 'failed', message }),
    });
    instance.on('upload-progress', (_file, progress) => {
      const total = progress.bytesTotal ?? 0;
      if (total) setPhase({ name: 'uploading', percent: Math.min(100, Math.floor((progress.bytesUploaded / total) * 100)) });
    });
    instance.on('upload-error', (_file, error) => setPhase({ name: 'failed', message: error.message }));
    instance.on('info-visible', () => {
      const info = instance.getState().info.at(-1);
      if (info?.type === 'error') setPhase({ name: 'failed', message: info.message });
    });
    uppy.current = instance;
    return () => {
      instance.destroy();
      uppy.current = null;
    };
    // The messages follow the language, which rebuilds the uploader.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);

  async function upload(take: Take, title: string, trim: Trim | undefined) {
    const instance = uppy.current;
    if (!instance) return;
    // A failed attempt's file (and its item) goes; the take itself stays with the page.
    instance.cancelAll();
    setPhase({ name: 'uploading', percent: 0 });
    try {
      instance.addFile({ name: fileName(title, take.type.extension), type: take.type.contentType, data: take.blob, source: 'Local', meta: trim ? { trim } : {} });
    } catch {
      // Refused by the rules (too large): onBeforeFileAdded has said why.
      return;
    }
    await instance.upload();
  }

  return { phase, upload, reset: () => (uppy.current?.cancelAll(), setPhase({ name: 'idle' })) };
}
