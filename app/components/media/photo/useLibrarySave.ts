/**
 * Saves an edited picture as a new library image through the one upload path (createUploader, the
 * uploader of /uploadS3Media): checked and signed by the app, sent straight to storage, then
 * processed by the pipeline into the four image sizes.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '#app/lib/media/model';
import { createUploader, type MediaUppy } from '../upload/createUploader';
import { useUploaderMessages } from '../upload/UploadRules';
import { uppyLocale } from '../upload/uppyLocale';

const IMAGE_ONLY = ['image'] as const;

export type SaveState = { name: 'idle' } | { name: 'saving'; percent: number } | { name: 'saved'; item: MediaItem } | { name: 'failed'; message: string };

export function useLibrarySave(id: string): { state: SaveState; ready: boolean; save: (file: File) => Promise<MediaItem | null>; reset: () => void } {
  const { i18n } = useTranslation();
  const messages = useUploaderMessages(IMAGE_ONLY);
  const [state, setState] = useState<SaveState>({ name: 'idle' });
  const [uppy, setUppy] = useState<MediaUppy | null>(null);
  const finished = useRef<MediaItem | null>(null);
  const refused = useRef<string | null>(null);
  const language = i18n.language;

  useEffect(() => {
    const instance = createUploader({
      id,
      scope: 'tenant',
      kinds: IMAGE_ONLY,
      maxFiles: 1,
      locale: uppyLocale(language),
      messages,
      onFinished: (item) => (finished.current = item),
      onRefused: (message) => (refused.current = message),
    });
    instance.on('upload-progress', (_file, progress) => {
      const total = progress.bytesTotal ?? 0;
      if (total) setState({ name: 'saving', percent: Math.min(100, Math.floor((progress.bytesUploaded / total) * 100)) });
    });
    instance.on('upload-error', (_file, error) => (refused.current ??= error.message));
    instance.on('info-visible', () => {
      const info = instance.getState().info.at(-1);
      if (info?.type === 'error') refused.current ??= info.message;
    });
    // A picture left from an earlier visit is not this one: start empty.
    instance.clear();
    setUppy(instance);
    return () => instance.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, language]);

  async function save(file: File): Promise<MediaItem | null> {
    if (!uppy) return null;
    uppy.clear();
    finished.current = null;
    refused.current = null;
    setState({ name: 'saving', percent: 0 });
    try {
      uppy.addFile({ name: file.name, type: file.type, data: file, source: 'Local' });
      await uppy.upload();
    } catch (e) {
      refused.current ??= e instanceof Error ? e.message : messages.network();
    }
    const item = finished.current;
    if (item) {
      setState({ name: 'saved', item });
      uppy.clear();
      return item;
    }
    setState({ name: 'failed', message: refused.current ?? messages.network() });
    return null;
  }

  return { state, ready: uppy !== null, save, reset: () => setState({ name: 'idle' }) };
}
