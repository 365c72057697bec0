/**
 * Live dictation from the microphone: getUserMedia → an AudioWorklet (pcmWorklet.js) that makes
 * 16 kHz s16le chunks → the dictation socket (/ws/stt) → partial and final text. The caller shows
 * the partial as pending and appends each final to the person's text.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { DICTATION_SOCKET_PATH, type DictationErrorCode, type DictationServerFrame } from '#app/lib/speech/dictation';
import type { SpeechLanguageChoice } from '#app/lib/speech/languages';
// Never inlined as a data: URL: the document's CSP loads worklets only from this site.
import workletUrl from './pcmWorklet.js?url&no-inline';

export type DictationState = 'idle' | 'connecting' | 'listening' | 'stopping';
export type DictationProblem = { kind: 'noMicrophone' | 'micDenied' | 'noAudioWorklet' | 'closed' } | { kind: 'server'; code: DictationErrorCode; retryAfterSeconds?: number };

export function useDictation(onFinal: (text: string, language: string) => void) {
  const [state, setState] = useState<DictationState>('idle');
  const [partial, setPartial] = useState('');
  const [level, setLevel] = useState(0);
  const [problem, setProblem] = useState<DictationProblem | null>(null);
  const final = useRef(onFinal);
  final.current = onFinal;
  const parts = useRef<{ ws?: WebSocket; context?: AudioContext; stream?: MediaStream } | null>(null);

  const release = useCallback(() => {
    const p = parts.current;
    parts.current = null;
    p?.stream?.getTracks().forEach((track) => track.stop());
    void p?.context?.close().catch(() => undefined);
    if (p?.ws && p.ws.readyState <= WebSocket.OPEN) p.ws.close(1000, 'done');
    setLevel(0);
  }, []);

  useEffect(() => release, [release]);

  const start = useCallback(
    async (language: SpeechLanguageChoice) => {
      setProblem(null);
      setPartial('');
      if (typeof AudioWorkletNode === 'undefined' || !navigator.mediaDevices?.getUserMedia) return setProblem({ kind: 'noAudioWorklet' });
      setState('connecting');
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
      } catch (e) {
        setState('idle');
        return setProblem({ kind: (e as DOMException).name === 'NotAllowedError' ? 'micDenied' : 'noMicrophone' });
      }
      const context = new AudioContext();
      const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      const ws = new WebSocket(`${scheme}//${window.location.host}${DICTATION_SOCKET_PATH}`);
      ws.binaryType = 'arraybuffer';
      parts.current = { ws, context, stream };
      let ready = false;
      ws.onmessage = (message) => {
        const frame = JSON.parse(String(message.data)) as DictationServerFrame;
        if (frame.type === 'ready') {
          ready = true;
          setState('listening');
        } else if (frame.type === 'partial') setPartial(frame.text);
        else if (frame.type === 'final') {
          setPartial('');
          final.current(frame.text, frame.language);
        } else if (frame.type === 'stopped') {
          setState('idle');
          release();
        } else if (frame.type === 'error') setProblem({ kind: 'server', code: frame.code, ...(frame.retryAfterSeconds ? { retryAfterSeconds: frame.retryAfterSeconds } : {}) });
      };
      ws.onclose = (event) => {
        if (parts.current?.ws === ws) {
          release();
          if (event.code !== 1000 && event.code < 4000) setProblem((p) => p ?? { kind: 'closed' });
        }
        setState('idle');
        setPartial('');
      };
      try {
        await context.audioWorklet.addModule(workletUrl);
      } catch {
        release();
        setState('idle');
        return setProblem({ kind: 'noAudioWorklet' });
      }
      const source = context.createMediaStreamSource(stream);
      const node = new AudioWorkletNode(context, 'pcm-16k');
      const mute = context.createGain();
      mute.gain.value = 0;
      source.connect(node).connect(mute).connect(context.destination);
      node.port.onmessage = (message: MessageEvent<{ pcm: ArrayBuffer; level: number }>) => {
        setLevel(Math.min(1, message.data.level * 4));
        if (ready && ws.readyState === WebSocket.OPEN) ws.send(message.data.pcm);
      };
      const sendStart = () => ws.send(JSON.stringify({ type: 'start', language }));
      if (ws.readyState === WebSocket.OPEN) sendStart();
      else ws.addEventListener('open', sendStart, { once: true });
    },
    [release],
  );

  const stop = useCallback(() => {
    const p = parts.current;
    if (!p?.ws || p.ws.readyState !== WebSocket.OPEN) return release();
    // The microphone stops at once; the server still sends the finals of what was said.
    p.stream?.getTracks().forEach((track) => track.stop());
    p.ws.send(JSON.stringify({ type: 'stop' }));
    setState('stopping');
  }, [release]);

  return { state, partial, level, problem, start, stop };
}
