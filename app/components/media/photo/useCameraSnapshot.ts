/**
 * The camera for a snapshot (getUserMedia): start, show the live picture, take one frame as a PNG
 * blob, stop. Each failure says why in a way the screen can word: denied, missing, unsupported, failed.
 */
import { useEffect, useRef, useState } from 'react';

export type CameraState = { name: 'off' } | { name: 'starting' } | { name: 'live' } | { name: 'error'; reason: 'denied' | 'missing' | 'unsupported' | 'failed' };

function reasonOf(e: unknown): 'denied' | 'missing' | 'failed' {
  const name = e instanceof Error || (e && typeof e === 'object' && 'name' in e) ? String((e as { name: string }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'missing';
  return 'failed';
}

export function useCameraSnapshot() {
  const [state, setState] = useState<CameraState>({ name: 'off' });
  const stream = useRef<MediaStream | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };
  useEffect(() => stop, []);

  // The video element appears once live: give it the stream then.
  useEffect(() => {
    if (state.name === 'live' && video.current && stream.current && video.current.srcObject !== stream.current) {
      video.current.srcObject = stream.current;
      void video.current.play().catch(() => undefined);
    }
  }, [state.name]);

  async function start() {
    if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return setState({ name: 'error', reason: 'unsupported' });
    setState({ name: 'starting' });
    try {
      stop();
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
      setState({ name: 'live' });
    } catch (e) {
      stop();
      setState({ name: 'error', reason: reasonOf(e) });
    }
  }

  /** The current frame as a PNG; the camera is then closed. Null until the camera shows a picture. */
  async function take(): Promise<Blob | null> {
    const v = video.current;
    if (!v || !v.videoWidth || !v.videoHeight) return null;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    close();
    return blob;
  }

  function close() {
    stop();
    setState({ name: 'off' });
  }

  return { state, video, start, take, close };
}
