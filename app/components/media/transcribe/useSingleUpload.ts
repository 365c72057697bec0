/**
 * One file into the library through the upload pipeline (createUploader: checked, signed, straight
 * to storage, then verified and queued): what the speech tools need to upload a recording or save
 * a dictation as a document, without a dashboard.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem, MediaKind } from '#app/lib/media/model';
import { createUploader, type MediaUppy } from '../upload/createUploader';
import { useUploaderMessages } from '../upload/UploadRules';
import { uppyLocale } from '../upload/uppyLocale';

export type UploadPhase = { name: 'idle' } | { name: 'uploading'; percent: number } | { name: 'done'; item: MediaItem } | { name: 'error'; message: string };

export function useSingleUpload(id: string, kinds: readonly MediaKind[]) {
  const { i18n } = useTranslation();
  const messages = useUploaderMessages(kinds);
  const [phase, setPhase] = useState<UploadPhase>({ name: 'idle' });
  const uppy = useRef<MediaUppy | null>(null);

  useEffect(() => {
    const instance = createUploader({
      id,
      scope: 'tenant',
      kinds,
      maxFiles: 1,
      visibility: 'private',
      locale: uppyLocale(i18n.language),
      messages,
      onFinished: (item) => setPhase({ name: 'done', item }),
      onRefused: (message) => setPhase({ name: 'error', message }),
    });
    instance.on('upload-progress', (_file, progress) => {
      const total = progress.bytesTotal ?? 0;
      if (total) setPhase({ name: 'uploading', percent: Math.min(100, Math.floor((progress.bytesUploaded / total) * 100)) });
    });
    instance.on('upload-error', (_file, error) => setPhase({ name: 'error', message: error.message }));
    instance.on('info-visible', () => {
      const info = instance.getState().info.at(-1);
      if (info?.type === 'error') setPhase({ name: 'error', message: info.message });
    });
    uppy.current = instance;
    return () => {
      instance.destroy();
      uppy.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, i18n.language]);

  async function upload(data: Blob, name: string, type: string) {
    const instance = uppy.current;
    if (!instance) return;
    instance.clear();
    try {
      instance.addFile({ name, type, data, source: 'Local' });
    } catch {
      return; // refused by the rules: onBeforeFileAdded has said why (info-visible)
    }
    setPhase({ name: 'uploading', percent: 0 });
    await instance.upload();
  }

  return { phase, upload, reset: () => setPhase({ name: 'idle' }) };
}
