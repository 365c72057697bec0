/**
 * One live push, from the source's first bytes to the kept VOD (docs/decisions/0029).
 *
 *   receiver log names the source → (SRT: claim the event) → connecting, packager started
 *   first playlists stored → live;  every 2 s: bitrate, lease renewed, key still valid?
 *   receiver ends (push stopped, key rotated/revoked, lease lost) → ended → VOD kept
 *
 * The state changes only while this push holds the event's lease (its session id), so a push a
 * stale worker still thinks it runs can never overwrite a newer one.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BroadcastProtocol } from '#app/lib/broadcast/model';
import type { TenantId } from '#app/lib/config/tenant';
import { tenantData, type DataStores } from '#server/data/tenantData.server';
import type { MediaQueue } from '#server/media/index.server';
import { FFMPEG, spawnTool, spawnToolWithInput } from '#server/platform/media/tools.server';
import { putObject, type Storage } from '#server/platform/storage.server';
import { LiveUploader } from './liveUploader.server';
import { packagerArgs, parseSourceInfo, receiverArgs, type SourceInfo } from './transcode.server';
import { keepBroadcast } from './vod.server';

export const LEASE_MS = 10_000;
const WATCH_MS = 2_000;
const UPLOAD_EVERY_MS = 250;

export interface PushOptions {
  stores: DataStores & { storage: Storage };
  queue: MediaQueue | null;
  tenantId: TenantId;
  eventId: string;
  protocol: BroadcastProtocol;
  /** ffmpeg input options and URL (`-i rtmp://…` or an SRT listener). */
  input: string[];
  workerId: string;
  tmpRoot: string;
  /** Set when the event was claimed before the push started (RTMP: at publish); else claimed once the source is known. */
  sessionId?: string;
  /** Whether the key this push came with is still the event's key (false after a rotation or revocation). */
  keyValid(): Promise<boolean>;
  log(line: string): void;
  x264Preset?: string;
}

export const liveFolder = (eventId: string, sessionId: string) => `broadcasts/${eventId}/${sessionId}`;

export class LivePush {
  readonly sessionId: string;
  #claimed: boolean;
  #receiver?: ChildProcess;
  #timers: NodeJS.Timeout[] = [];
  #bytes = 0;
  #stopping = false;
  readonly done: Promise<void>;
  #resolveDone!: () => void;

  constructor(private readonly o: PushOptions) {
    this.sessionId = o.sessionId ?? randomUUID();
    this.#claimed = o.sessionId !== undefined;
    this.done = new Promise((r) => (this.#resolveDone = r));
  }

  get #data() {
    return tenantData(this.o.stores, this.o.tenantId).broadcasts;
  }

  /** Starts the receiver; resolves once it runs (the push itself runs until `done`). */
  async start(): Promise<void> {
    const workDir = await mkdtemp(join(this.o.tmpRoot, `push-${this.o.eventId}-`));
    const recording = join(workDir, 'recording.ts');
    const { o } = this;
    const receiver = spawnTool(FFMPEG, receiverArgs(o.input, recording));
    this.#receiver = receiver;
    let log = '';
    let source: SourceInfo | null = null;
    receiver.stderr.setEncoding('utf8');
    receiver.stderr.on('data', (chunk: string) => {
      if (source) return;
      log = (log + chunk).slice(-20_000);
      source = parseSourceInfo(log);
      if (source) void this.#onSource(source, workDir).catch((e) => this.#fail(e));
    });
    const startedAt = new Date();
    // A receiver that cannot start (no ffmpeg) ends the push like one that stopped.
    receiver.once('error', (e) => o.log(`receiver ${o.eventId}: ${e.message}`));
    receiver.once('close', () => void this.#finish(workDir, recording, startedAt, source !== null));
  }

  /** Ends the push (rotation, revocation, shutdown): the receiver stops, what was pushed is kept. */
  stop(reason: string) {
    if (this.#stopping) return;
    this.#stopping = true;
    this.o.log(`push ${this.o.tenantId}/${this.o.eventId} stopping: ${reason}`);
    this.#receiver?.kill('SIGINT');
    // A receiver waiting on a silent source may not notice SIGINT soon.
    setTimeout(() => this.#receiver?.kill('SIGKILL'), 5000).unref();
  }

  #fail(e: unknown) {
    this.o.log(`push ${this.o.tenantId}/${this.o.eventId}: ${(e as Error).stack ?? String(e)}`);
    this.stop('error');
  }

  async #onSource(source: SourceInfo, workDir: string) {
    const { o } = this;
    const folder = liveFolder(o.eventId, this.sessionId);
    if (!this.#claimed) {
      this.#claimed = await this.#data.claimLive(o.eventId, { protocol: o.protocol, sessionId: this.sessionId, workerId: o.workerId, leaseMs: LEASE_MS, folder });
      if (!this.#claimed) return this.stop('another push of this event is live');
    }
    await this.#data.updateLive(o.eventId, this.sessionId, { status: 'connecting', width: source.width, height: source.height, leaseUntil: Date.now() + LEASE_MS });
    const hlsDir = join(workDir, 'hls');
    const { args, variants } = packagerArgs(source, hlsDir, o.x264Preset);
    for (const v of variants) await mkdir(join(hlsDir, v), { recursive: true });
    const packager = spawnToolWithInput(FFMPEG, args);
    packager.stderr.setEncoding('utf8');
    packager.stderr.on('data', (line: string) => o.log(`packager ${o.eventId}: ${line.trim()}`));
    packager.stdin!.on('error', () => undefined);
    packager.once('error', (e) => o.log(`packager ${o.eventId}: ${e.message}`));
    // The receiver's copy waits in its pipe until now (no reader yet): the packager gets it from the first byte.
    this.#receiver!.stdout!.on('data', (chunk: Buffer) => (this.#bytes += chunk.length));
    this.#receiver!.stdout!.pipe(packager.stdin!);

    const uploader = new LiveUploader(hlsDir, variants, (key, body, contentType) =>
      putObject(o.stores.storage, { tenantId: o.tenantId, key: `${folder}/${key}`, body, contentType, cacheControl: 'no-cache' }).then(() => undefined),
    );
    let live = false;
    let syncing = false;
    const sync = async () => {
      if (syncing) return;
      syncing = true;
      try {
        const ready = await uploader.sync();
        if (ready && !live) {
          live = true;
          await this.#data.updateLive(o.eventId, this.sessionId, { status: 'live', variants });
          o.log(`push ${o.tenantId}/${o.eventId} live (${source.width}x${source.height}, ${variants.join(' + ')})`);
        }
      } finally {
        syncing = false;
      }
    };
    this.#timers.push(setInterval(() => void sync().catch((e) => o.log(`upload ${o.eventId}: ${(e as Error).message}`)), UPLOAD_EVERY_MS));
    let lastBytes = this.#bytes;
    let lastAt = Date.now();
    this.#timers.push(
      setInterval(() => {
        const now = Date.now();
        const kbps = Math.round(((this.#bytes - lastBytes) * 8) / Math.max(1, now - lastAt));
        lastBytes = this.#bytes;
        lastAt = now;
        void (async () => {
          const held = await this.#data.updateLive(o.eventId, this.sessionId, { bitrateKbps: kbps, leaseUntil: now + LEASE_MS });
          if (!held) return this.stop('another worker took the event over');
          if (!(await o.keyValid())) this.stop('the key was rotated or revoked');
        })().catch((e) => o.log(`watch ${o.eventId}: ${(e as Error).message}`));
      }, WATCH_MS),
    );
    // The final pass runs once the packager has written its last segments and the end of the playlists.
    this.#finalSync = async () => {
      await new Promise<void>((r) => (packager.exitCode !== null || packager.signalCode !== null ? r() : packager.once('close', () => r())));
      await uploader.sync().catch(() => undefined);
    };
  }

  #finalSync: () => Promise<void> = async () => undefined;

  async #finish(workDir: string, recording: string, startedAt: Date, hadSource: boolean) {
    const { o } = this;
    try {
      await this.#finalSync();
      for (const t of this.#timers) clearInterval(t);
      if (!this.#claimed) return;
      // Claimed at publish (RTMP) but no picture ever came: the event is idle again, nothing to keep.
      if (!hadSource) return void (await this.#data.updateLive(o.eventId, this.sessionId, { status: 'idle', leaseUntil: 0 }));
      await this.#data.updateLive(o.eventId, this.sessionId, { status: 'ended', endedAt: new Date().toISOString(), bitrateKbps: 0 });
      const item = await keepBroadcast({ stores: o.stores, queue: o.queue, tenantId: o.tenantId, eventId: o.eventId, recordingPath: recording, workDir, startedAt });
      if (item) await this.#data.updateLive(o.eventId, this.sessionId, { mediaId: item.id });
      o.log(`push ${o.tenantId}/${o.eventId} ended${item ? `: kept as media ${item.id}` : ''}`);
    } catch (e) {
      o.log(`push ${o.tenantId}/${o.eventId} end: ${(e as Error).stack ?? String(e)}`);
    } finally {
      for (const t of this.#timers) clearInterval(t);
      await rm(workDir, { recursive: true, force: true });
      this.#resolveDone();
    }
  }
}
