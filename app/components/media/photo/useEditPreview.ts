/**
 * The editor's working state: the picture, the history of operations, the geometry preview the
 * crop frame shows (an object URL, replaced after each geometric step) and the keyboard shortcuts.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { EMPTY_HISTORY, outputSize, pushOp, redo, undo, type EditHistory, type PhotoOp, type Size } from '#app/lib/photo/operations';
import { renderEdit } from '#app/lib/photo/render.client';

export interface OpenedPicture {
  image: HTMLImageElement;
  name: string;
}

export function useEditPreview(picture: OpenedPicture | null) {
  const [history, setHistory] = useState<EditHistory>(EMPTY_HISTORY);
  const [preview, setPreview] = useState<{ url: string; size: Size } | null>(null);
  const geometry = useMemo(() => history.done.filter((op) => op.type !== 'adjust'), [history.done]);
  const geometryKey = JSON.stringify(geometry);
  const urls = useRef<string[]>([]);

  useEffect(() => {
    if (!picture) return;
    let cancelled = false;
    const canvas = renderEdit(picture.image, geometry, false);
    canvas.toBlob((blob) => {
      if (cancelled || !blob) return;
      const url = URL.createObjectURL(blob);
      urls.current.push(url);
      setPreview({ url, size: { width: canvas.width, height: canvas.height } });
      // The one before the one now shown may go.
      while (urls.current.length > 2) URL.revokeObjectURL(urls.current.shift()!);
    }, 'image/png');
    return () => {
      cancelled = true;
    };
    // geometryKey stands for geometry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picture, geometryKey]);

  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const sourceSize = picture ? { width: picture.image.naturalWidth, height: picture.image.naturalHeight } : { width: 0, height: 0 };
  return {
    history,
    preview,
    current: outputSize(sourceSize, history.done),
    push: (op: PhotoOp) => setHistory((h) => pushOp(h, op)),
    undo: () => setHistory(undo),
    redo: () => setHistory(redo),
    reset: () => {
      setHistory(EMPTY_HISTORY);
      setPreview(null);
    },
  };
}

/** Ctrl+Z / Cmd+Z undoes, with Shift redoes (Ctrl+Y too), except while typing in a text field, which keeps its own. */
export function useUndoKeys(active: boolean, onUndo: () => void, onRedo: () => void) {
  const handlers = useRef({ onUndo, onRedo });
  handlers.current = { onUndo, onRedo };
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const target = e.target as HTMLElement | null;
      const typing = target && (target.tagName === 'TEXTAREA' || (target.tagName === 'INPUT' && !['range', 'checkbox', 'button', 'file'].includes((target as HTMLInputElement).type)));
      if (typing) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) handlers.current.onUndo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') handlers.current.onRedo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
