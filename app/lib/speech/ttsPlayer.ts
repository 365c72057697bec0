/**
 * The browser side of the text-to-speech socket: sends a speak frame, schedules each PCM frame on
 * Web Audio as it arrives (so playback starts before synthesis ends) and reports what was really
 * played (the sum of the buffers whose playback ended). One socket per page, opened on first use
 * and kept for the next request. docs/decisions/0046.
 */
import { TTS_SOCKET_PATH, type SpeakRequest, type TtsErrorCode, type TtsServerFrame } from './ttsProtocol';

export type PlayerErrorCode = TtsErrorCode | 'dropped' | 'connect' | 'noAudio';

export interface PlayerState {
  phase: 'idle' | 'connecting' | 'synthesising' | 'playing' | 'done' | 'stopped' | 'error';
  /** Seconds of audio whose playback has ended. */
  playedSeconds: number;
  /** Seconds of audio received so far. */
  receivedSeconds: number;
  error?: PlayerErrorCode;
  retryAfterSeconds?: number;
}

/** A little delay before the first buffer, so the next one arrives before this one ends. */
const LEAD_SECONDS = 0.1;

let nextId = 0;

export class TtsPlayer {
  private ws: WebSocket | null = null;
  private ready: Promise<WebSocket> | null = null;
  private audio: AudioContext | null = null;
  private request: { id: string; sampleRate: number; ended: boolean } | null = null;
  private sources = new Set<AudioBufferSourceNode>();
  private playhead = 0;
  private state: PlayerState = { phase: 'idle', playedSeconds: 0, receivedSeconds: 0 };

  constructor(private onChange: (state: PlayerState) => void) {}

  /** Must be called from the click that starts it: the audio context may only start on a gesture. */
  speak(request: SpeakRequest): void {
    this.stopAudio();
    const Ctx = typeof window !== 'undefined' ? window.AudioContext : undefined;
    if (!Ctx) return this.set({ phase: 'error', playedSeconds: 0, receivedSeconds: 0, error: 'noAudio' });
    this.audio ??= new Ctx();
    void this.audio.resume();
    const id = `r${Date.now().toString(36)}${(nextId++).toString(36)}`;
    this.request = { id, sampleRate: 0, ended: false };
    this.set({ phase: 'connecting', playedSeconds: 0, receivedSeconds: 0 });
    this.connect().then(
      (ws) => {
        if (this.request?.id !== id) return;
        this.set({ ...this.state, phase: 'synthesising' });
        ws.send(JSON.stringify({ type: 'speak', id, ...request }));
      },
      (code: PlayerErrorCode) => {
        if (this.request?.id === id) this.fail(code);
      },
    );
  }

  stop(): void {
    const current = this.request;
    if (current && !current.ended && this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'cancel', id: current.id }));
    this.stopAudio();
    if (current) this.set({ ...this.state, phase: 'stopped' });
  }

  /** Closes the socket and the audio context (the page is left). */
  dispose(): void {
    this.stopAudio();
    this.ws?.close(1000);
    this.ws = null;
    this.ready = null;
    void this.audio?.close();
    this.audio = null;
  }

  private set(state: PlayerState) {
    this.state = state;
    this.onChange(state);
  }

  private fail(error: PlayerErrorCode, retryAfterSeconds?: number) {
    this.stopAudio();
    this.set({ ...this.state, phase: 'error', error, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) });
  }

  private stopAudio() {
    for (const source of this.sources) {
      source.onended = null;
      source.stop();
    }
    this.sources.clear();
    this.request = null;
  }

  private connect(): Promise<WebSocket> {
    if (this.ready && this.ws && this.ws.readyState <= WebSocket.OPEN) return this.ready;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${TTS_SOCKET_PATH}`;
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    this.ready = new Promise<WebSocket>((resolve, reject) => {
      let opened = false;
      ws.onmessage = (event) => {
        if (typeof event.data !== 'string') return this.onAudio(event.data as ArrayBuffer);
        const frame = JSON.parse(event.data) as TtsServerFrame;
        if (frame.type === 'ready') {
          opened = true;
          resolve(ws);
        } else if (frame.type === 'error' && frame.fatal) {
          reject(frame.code);
        } else {
          this.onFrame(frame);
        }
      };
      ws.onclose = () => {
        if (this.ws === ws) {
          this.ws = null;
          this.ready = null;
        }
        if (!opened) reject('connect');
        // Dropped while a request was still arriving: say so, with what was played.
        else if (this.request && !this.request.ended) this.fail('dropped');
      };
    });
    return this.ready;
  }

  private onFrame(frame: TtsServerFrame) {
    const current = this.request;
    if (frame.type === 'pong' || frame.type === 'ready' || !current || frame.id !== current.id) return;
    if (frame.type === 'start') {
      current.sampleRate = frame.sampleRate;
      this.playhead = 0;
    } else if (frame.type === 'end') {
      current.ended = true;
      this.finishIfDone();
    } else if (frame.type === 'error') {
      current.ended = true;
      this.fail(frame.code, frame.retryAfterSeconds);
    }
  }

  private onAudio(data: ArrayBuffer) {
    const current = this.request;
    const audio = this.audio;
    if (!current || !current.sampleRate || !audio || data.byteLength < 2) return;
    const samples = new Int16Array(data, 0, data.byteLength >> 1);
    const buffer = audio.createBuffer(1, samples.length, current.sampleRate);
    const channel = buffer.getChannelData(0);
    for (let i = 0; i < samples.length; i++) channel[i] = samples[i]! / 32768;
    const source = audio.createBufferSource();
    source.buffer = buffer;
    source.connect(audio.destination);
    const at = Math.max(this.playhead, audio.currentTime + LEAD_SECONDS);
    source.start(at);
    this.playhead = at + buffer.duration;
    this.sources.add(source);
    source.onended = () => {
      this.sources.delete(source);
      if (this.request !== current) return;
      this.set({ ...this.state, phase: 'playing', playedSeconds: this.state.playedSeconds + buffer.duration });
      this.finishIfDone();
    };
    this.set({ ...this.state, phase: this.state.phase === 'synthesising' ? 'playing' : this.state.phase, receivedSeconds: this.state.receivedSeconds + buffer.duration });
  }

  private finishIfDone() {
    if (this.request?.ended && this.sources.size === 0) {
      this.request = null;
      this.set({ ...this.state, phase: 'done' });
    }
  }
}
