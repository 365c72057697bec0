/**
 * The RTMP listener of the ingest worker: node-media-server 4.4.3 (docs/decisions/0029). Its
 * HTTP server, admin API, web console, recorder and relays stay off (no ports but RTMP's). A
 * publish is admitted only with a valid key (`prePublish`: the check is asynchronous, so a refused
 * session is closed as soon as the check fails; nothing reads it before that), and only while no
 * other push of the event is live. Playing is refused to everyone but this worker's own receiver.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import NodeMediaServer, { type NmsSession } from 'node-media-server';
import nmsLogger from 'node-media-server/src/core/logger.js';
import { parseRtmpStreamKey } from '#app/lib/broadcast/model';
import type { TenantId } from '#app/lib/config/tenant';
import { tenantData } from '#server/data/tenantData.server';
import { secretMatches } from './keys.server';
import { LEASE_MS, LivePush, liveFolder, type PushOptions } from './push.server';

export interface RtmpIngestOptions extends Pick<PushOptions, 'stores' | 'queue' | 'workerId' | 'tmpRoot' | 'log' | 'x264Preset'> {
  port: number;
  bind: string;
  /** The RTMP application encoders push to (the last part of INGEST_RTMP_URL). */
  app: string;
  resolveTenant(id: string): TenantId | null;
}

const LOOPBACK = /^(::ffff:)?127\.0\.0\.1:|^::1:|^\[::1\]:/;

export async function startRtmpIngest(o: RtmpIngestOptions) {
  const nms = new NodeMediaServer({
    bind: o.bind,
    rtmp: { port: o.port },
    webadmin: { enable: false },
    store: { path: mkdtempSync(join(tmpdir(), 'nms-store-')) },
  });
  // Its constructor sets its own log level to debug: only errors from here on.
  nmsLogger.level = 'error';
  const pushes = new Map<string, LivePush>();

  async function admit(session: NmsSession) {
    const refuse = (why: string) => {
      o.log(`rtmp publish ${session.ip} refused: ${why}`);
      session.close();
    };
    if (session.streamApp !== o.app) return refuse('unknown application');
    const key = parseRtmpStreamKey(session.streamName);
    const tenantId = key ? o.resolveTenant(key.tenantId) : null;
    if (!key || !tenantId) return refuse('malformed key');
    const broadcasts = tenantData(o.stores, tenantId).broadcasts;
    const stored = await broadcasts.getKey(key.eventId, 'rtmp');
    if (!stored || !secretMatches(key.secret, stored.hash)) return refuse('wrong key');
    const sessionId = randomUUID();
    const claimed = await broadcasts.claimLive(key.eventId, { protocol: 'rtmp', sessionId, workerId: o.workerId, leaseMs: LEASE_MS, folder: liveFolder(key.eventId, sessionId) });
    if (!claimed) return refuse('the event is already live');
    const push = new LivePush({
      ...o,
      tenantId,
      eventId: key.eventId,
      protocol: 'rtmp',
      sessionId,
      input: ['-i', `rtmp://127.0.0.1:${o.port}/${o.app}/${session.streamName}`],
      keyValid: async () => (await broadcasts.getKey(key.eventId, 'rtmp'))?.nonce === stored.nonce,
    });
    pushes.set(session.id, push);
    await push.start();
    const socket = session.socket;
    if (!socket || socket.destroyed) push.stop('the encoder left');
    else socket.once('close', () => push.stop('the encoder stopped'));
    void push.done.then(() => {
      pushes.delete(session.id);
      session.close();
    });
  }

  nms.on('prePublish', (session) => void admit(session).catch((e) => (o.log(`rtmp admit: ${(e as Error).stack}`), session.close())));
  nms.on('prePlay', (session) => {
    if (!LOOPBACK.test(session.ip)) session.close();
  });
  await nms.run();
  o.log(`rtmp ingest listening on ${o.bind}:${o.port}/${o.app}`);
  return {
    pushes,
    async stop() {
      for (const push of pushes.values()) push.stop('the worker is stopping');
      await Promise.all([...pushes.values()].map((p) => p.done));
      await nms.stop();
    },
  };
}
