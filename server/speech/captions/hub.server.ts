/**
 * The captions sockets of one instance (docs/decisions/0048). Each socket is one speaker's
 * microphone: admitted when the session is valid, the event (of the Host's tenant) shows captions
 * in a language the engine knows, and the person may publish audio in its room now; refused with
 * an error frame and a close code otherwise. Binary frames are PCM (size-checked, rate-limited to
 * 1.5× real time), text frames are zod-checked control frames. The admission is checked again
 * every few seconds (the event ended, the person was blocked or sent back from the stage).
 */
import type { AppLoadContext } from '@remix-run/node';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { WebSocket, type RawData } from 'ws';
import {
  CAPTIONS_AUDIO_LIMIT,
  CAPTIONS_CHUNK_MAX_BYTES,
  CAPTIONS_CLOSE,
  CAPTIONS_CONTROL_LIMIT,
  CAPTIONS_MAX_REFUSALS,
  CAPTIONS_PING_SECONDS,
  CAPTIONS_TEXT_MAX_BYTES,
  captionsClientFrameSchema,
  type CaptionsErrorCode,
  type CaptionsServerFrame,
} from '#app/lib/captions/protocol';
import type { Tenant } from '#app/lib/config/tenant';
import { eventIdSchema, type EventRecord } from '#app/lib/events/model';
import type { SessionUser } from '#app/lib/identity/types';
import type { SpeechLanguage } from '#app/lib/speech/languages';
import { tenantData, type TenantData } from '#server/data/tenantData.server';
import { getSessionUser } from '#server/identity/index.server';
import { shownName } from '#app/lib/identity/displayName';
import type { Services } from '#server/services';
import { admitToRoom } from '#server/entitlement/index.server';
import { captionsAvailability, mayPublishAudio } from './access.server';
import { CaptionSpeaker } from './speaker.server';
import { log } from '#server/observability/log.server';
import type { SpeechToText } from '#server/platform/speech/types';

export interface CaptionsHubOptions {
  services: Services;
  pingSeconds?: number;
  /** How often a speaker's right to speak is checked again (ms). */
  recheckMs?: number;
  /** Captioned speakers per speech worker (SPEECH_CAPTION_SPEAKERS_PER_WORKER); default 2. */
  speakersPerWorker?: number;
}

/**
 * How many speakers this instance captions at once: `perWorker` for each of the engine's worker
 * processes (docs/decisions/0099); no cap for an engine without its own (Amazon Transcribe, or
 * pocketsphinx started per request).
 */
export function captionSpeakerCap(stt: { workers?: number }, perWorker: number): number {
  return stt.workers === undefined ? Infinity : Math.max(0, stt.workers) * perWorker;
}

export interface CaptionsConnectInfo {
  tenant: Tenant;
  url: URL;
  cookie: string | undefined;
}

interface Speaking {
  ws: WebSocket;
  key: string;
  data: TenantData;
  event: EventRecord;
  user: SessionUser;
  speaker: CaptionSpeaker;
  /** The tenant's recogniser (its speech engine setting, docs/decisions/0100). */
  stt: SpeechToText;
  refusals: number;
  lastSeen: number;
  /** Frames are handled one after another, so audio reaches the recogniser in arrival order. */
  chain: Promise<void>;
}

type Refusal = { code: CaptionsErrorCode; close: number };
const REFUSE = {
  badRequest: { code: 'badRequest', close: CAPTIONS_CLOSE.badRequest },
  unauthenticated: { code: 'unauthenticated', close: CAPTIONS_CLOSE.unauthenticated },
  forbidden: { code: 'forbidden', close: CAPTIONS_CLOSE.forbidden },
  notFound: { code: 'notFound', close: CAPTIONS_CLOSE.notFound },
  off: { code: 'off', close: CAPTIONS_CLOSE.off },
  over: { code: 'over', close: CAPTIONS_CLOSE.over },
  language: { code: 'language', close: CAPTIONS_CLOSE.language },
  busy: { code: 'busy', close: CAPTIONS_CLOSE.busy },
} satisfies Record<string, Refusal>;

/** Frames held while the socket is admitted (a browser starts sending at once). */
const MAX_EARLY_FRAMES = 20;

const bytesOf = (data: RawData): Buffer => (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data));

export class CaptionsHub {
  private speaking = new Map<string, Speaking>();
  private audioLimiter = new RateLimiterMemory({ points: CAPTIONS_AUDIO_LIMIT.bytes, duration: CAPTIONS_AUDIO_LIMIT.seconds });
  private controlLimiter = new RateLimiterMemory({ points: CAPTIONS_CONTROL_LIMIT.points, duration: CAPTIONS_CONTROL_LIMIT.seconds });
  private timer: NodeJS.Timeout;
  private services: Services;
  private speakersPerWorker: number;

  constructor(options: CaptionsHubOptions) {
    this.services = options.services;
    this.speakersPerWorker = options.speakersPerWorker ?? 2;
    const pingMs = (options.pingSeconds ?? CAPTIONS_PING_SECONDS) * 1000;
    const recheckMs = options.recheckMs ?? 10_000;
    let sinceRecheck = 0;
    const tick = Math.min(pingMs, recheckMs);
    this.timer = setInterval(() => {
      sinceRecheck += tick;
      const now = Date.now();
      for (const s of this.speaking.values()) {
        if (now - s.lastSeen > 3 * pingMs) s.ws.terminate();
        else if (s.ws.readyState === WebSocket.OPEN) s.ws.ping();
      }
      if (sinceRecheck >= recheckMs) {
        sinceRecheck = 0;
        for (const s of this.speaking.values()) void this.recheck(s);
      }
    }, tick);
    this.timer.unref();
  }

  async connect(ws: WebSocket, info: CaptionsConnectInfo): Promise<void> {
    const early: Array<[RawData, boolean]> = [];
    let speaking: Speaking | null = null;
    let lastSeen = Date.now();
    ws.on('error', () => undefined); // ws closes oversized or malformed frames itself (1009 / 1002)
    ws.on('pong', () => {
      lastSeen = Date.now();
      if (speaking) speaking.lastSeen = lastSeen;
    });
    ws.on('message', (data, isBinary) => {
      if (speaking) this.enqueue(speaking, data, isBinary);
      else if (early.length < MAX_EARLY_FRAMES) early.push([data, isBinary]);
    });
    ws.on('close', () => {
      if (speaking) this.leave(speaking);
    });

    try {
      const admitted = await this.admit(ws, info);
      if ('code' in admitted) return this.fatal(ws, admitted);
      if (ws.readyState !== WebSocket.OPEN) return;
      const { data, event, user, language, name, stt } = admitted;
      const key = `${data.tenantId}:${event.eventId}:${user.sub}`;
      // Every caption slot of the workers taken (a second tab of the same speaker reuses theirs):
      // the speakers on the same recogniser count.
      const others = [...this.speaking.values()].filter((s) => s.key !== key && s.stt === stt).length;
      if (others >= captionSpeakerCap(stt, this.speakersPerWorker)) {
        log.warn(`[captions] ${key} refused: ${others} speakers captioned, the cap of this server`);
        return this.fatal(ws, REFUSE.busy);
      }
      // One microphone per person and event: a second tab takes over (no doubled captions).
      this.speaking.get(key)?.ws.close(1000, 'replaced');
      speaking = {
        ws,
        key,
        data,
        event,
        user,
        stt,
        refusals: 0,
        lastSeen,
        chain: Promise.resolve(),
        speaker: new CaptionSpeaker({
          stt,
          language,
          speaker: { id: user.sub, name },
          publish: (caption) => data.chat.caption(event.eventId, caption),
          store: (caption) => data.liveCaptions.put(event.eventId, caption),
        }),
      };
      this.speaking.set(key, speaking);
      this.send(ws, { type: 'ready', language });
      for (const [frame, isBinary] of early) this.enqueue(speaking, frame, isBinary);
    } catch (e) {
      log.error('[captions] admission failed', e);
      this.send(ws, { type: 'error', code: 'unavailable', fatal: true });
      ws.close(1011, 'unavailable');
    }
  }

  /** Who is speaking, in which event and language, or why not. */
  private async admit(ws: WebSocket, info: CaptionsConnectInfo) {
    const request = new Request(`http://captions.invalid${info.url.pathname}`, { headers: info.cookie ? { cookie: info.cookie } : {} });
    const user = await getSessionUser({ request, context: { tenant: info.tenant, services: this.services } as unknown as AppLoadContext });
    if (!user) return REFUSE.unauthenticated;
    const eventParam = eventIdSchema.safeParse(info.url.searchParams.get('event') ?? '');
    if (!eventParam.success) return REFUSE.badRequest;
    const data = tenantData(this.services, info.tenant.id);
    const [event, profile] = await Promise.all([data.events.get(eventParam.data), data.profiles.recent(user.sub)]);
    if (!event) return REFUSE.notFound;
    const refusal = await this.mayStillSpeak(data, event, user);
    if (refusal) return refusal;
    const stt = this.services.speech.forTenant(info.tenant).stt;
    const availability = captionsAvailability(event, stt);
    if (availability.state === 'off') return REFUSE.off;
    if (availability.state !== 'on') return REFUSE.language;
    if (ws.readyState !== WebSocket.OPEN) return REFUSE.over;
    return { data, event, user, stt, language: availability.language as SpeechLanguage, name: shownName(user, profile) };
  }

  /** Null while the person may publish audio in the event's room now. */
  private async mayStillSpeak(data: TenantData, event: EventRecord, user: SessionUser): Promise<Refusal | null> {
    const admission = await admitToRoom(data, event, user);
    if (!admission.ok) return admission.reason === 'ended' || admission.reason === 'expired' || admission.reason === 'cancelled' ? REFUSE.over : REFUSE.forbidden;
    if (!(await mayPublishAudio(data, event, user.sub, admission.role))) return REFUSE.forbidden;
    return null;
  }

  private async recheck(s: Speaking) {
    try {
      const event = await s.data.events.get(s.event.eventId);
      if (!event) return this.fatal(s.ws, REFUSE.notFound);
      const refusal = (await this.mayStillSpeak(s.data, event, s.user)) ?? (captionsAvailability(event, s.stt).state === 'on' ? null : REFUSE.off);
      if (refusal) return this.fatal(s.ws, refusal);
      s.event = event;
    } catch (e) {
      log.warn(`[captions] recheck failed for ${s.key}: ${(e as Error).message}`);
    }
  }

  private enqueue(s: Speaking, data: RawData, isBinary: boolean) {
    s.chain = s.chain.then(() => this.frame(s, data, isBinary)).catch((e: unknown) => log.error('[captions] frame handling failed', e));
  }

  private async frame(s: Speaking, data: RawData, isBinary: boolean) {
    if (s.ws.readyState !== WebSocket.OPEN) return;
    s.lastSeen = Date.now();
    const bytes = bytesOf(data);
    if (isBinary) {
      if (bytes.length === 0 || bytes.length % 2 !== 0 || bytes.length > CAPTIONS_CHUNK_MAX_BYTES) return this.send(s.ws, { type: 'error', code: 'badFrame' });
      if (!(await this.allowed(s, this.audioLimiter, bytes.length))) return;
      s.speaker.push(bytes);
      return;
    }
    if (bytes.length > CAPTIONS_TEXT_MAX_BYTES) return this.send(s.ws, { type: 'error', code: 'badFrame' });
    let raw: unknown;
    try {
      raw = JSON.parse(bytes.toString('utf8'));
    } catch {
      return this.send(s.ws, { type: 'error', code: 'badFrame' });
    }
    const parsed = captionsClientFrameSchema.safeParse(raw);
    if (!parsed.success) return this.send(s.ws, { type: 'error', code: 'badFrame' });
    if (!(await this.allowed(s, this.controlLimiter, 1))) return;
    if (parsed.data.type === 'ping') return this.send(s.ws, { type: 'pong' });
    // Not awaited: the next audio starts a new utterance at once while this one's finals are made.
    void s.speaker.pause().catch((e: unknown) => log.warn(`[captions] pause of ${s.key}: ${(e as Error).message}`));
  }

  /** Spends from the limiter; a refusal is told to the client, and too many in a row close the socket. */
  private async allowed(s: Speaking, limiter: RateLimiterMemory, points: number): Promise<boolean> {
    try {
      await limiter.consume(s.key, points);
      s.refusals = 0;
      return true;
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      s.refusals++;
      if (s.refusals >= CAPTIONS_MAX_REFUSALS) this.fatal(s.ws, { code: 'rateLimited', close: CAPTIONS_CLOSE.rateLimited });
      else if (s.refusals === 1) this.send(s.ws, { type: 'error', code: 'rateLimited' });
      return false;
    }
  }

  private leave(s: Speaking) {
    if (this.speaking.get(s.key) === s) this.speaking.delete(s.key);
    void s.speaker.end().catch((e: unknown) => log.warn(`[captions] ending ${s.key}: ${(e as Error).message}`));
  }

  private fatal(ws: WebSocket, refusal: Refusal) {
    this.send(ws, { type: 'error', code: refusal.code, fatal: true });
    ws.close(refusal.close, refusal.code);
  }

  private send(ws: WebSocket, frame: CaptionsServerFrame) {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame), { binary: false });
  }

  /** Closes every socket (1001); each speaker's last finals are still published and kept. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const all = [...this.speaking.values()];
    for (const s of all) s.ws.close(1001, 'server shutting down');
    await Promise.allSettled(all.map((s) => s.speaker.end()));
  }
}
