/**
 * The SRT listeners of the ingest worker (docs/decisions/0029): one ffmpeg libsrt listener per
 * event with an SRT key, on that event's port, with the key as the passphrase. The SRT handshake
 * itself refuses a caller with another passphrase ("Incorrect passphrase") or none (encryption is
 * enforced), so no wrong key ever reaches the packager. Every 2 s the worker reads the port slots,
 * leases the ones it runs (a slot whose lease another worker renews is left to it), restarts a
 * listener whose key was rotated (cutting a push in progress) and stops those whose key was revoked.
 */
import type { TenantId } from '#app/lib/config/tenant';
import { leaseSrtSlot, listSrtSlots, type SrtSlot } from '../data/broadcasts.server';
import { deriveKeySecret } from './keys.server';
import { LEASE_MS, LivePush, type PushOptions } from './push.server';

export interface SrtIngestOptions extends Pick<PushOptions, 'stores' | 'queue' | 'workerId' | 'tmpRoot' | 'log' | 'x264Preset'> {
  bind: string;
  masterSecret: string;
  resolveTenant(id: string): TenantId | null;
  /** How many listeners this worker runs at most. */
  capacity: number;
}

const TICK_MS = 2_000;

export const srtListenerUrl = (bind: string, port: number, passphrase: string) =>
  `srt://${bind}:${port}?mode=listener&passphrase=${passphrase}&pbkeylen=16&enforcedencryption=1&latency=200000`;

export function startSrtIngest(o: SrtIngestOptions) {
  const running = new Map<number, { slot: SrtSlot; push: LivePush }>();
  let stopped = false;

  const startListener = async (slot: SrtSlot, tenantId: TenantId) => {
    const passphrase = deriveKeySecret(o.masterSecret, slot.tenantId, slot.eventId, 'srt', slot.nonce);
    const push = new LivePush({
      ...o,
      tenantId,
      eventId: slot.eventId,
      protocol: 'srt',
      input: ['-i', srtListenerUrl(o.bind, slot.port, passphrase)],
      // The listener restarts with the new passphrase when the slot's nonce changes (tick below).
      keyValid: async () => true,
    });
    running.set(slot.port, { slot, push });
    void push.done.then(() => {
      if (running.get(slot.port)?.push === push) running.delete(slot.port);
    });
    await push.start();
  };

  async function tick() {
    const slots = await listSrtSlots(o.stores.db);
    const wanted = new Set<number>();
    for (const slot of slots) {
      const tenantId = o.resolveTenant(slot.tenantId);
      if (!tenantId) continue;
      const current = running.get(slot.port);
      if (!current && running.size >= o.capacity) continue;
      if (!(await leaseSrtSlot(o.stores.db, slot.port, o.workerId, LEASE_MS))) continue;
      wanted.add(slot.port);
      if (current && (current.slot.nonce !== slot.nonce || current.slot.eventId !== slot.eventId)) {
        current.push.stop('the key was rotated');
        continue; // restarted on a later tick, once the old listener has let go of the port
      }
      if (!current) await startListener(slot, tenantId);
    }
    for (const [port, { push }] of running) if (!wanted.has(port)) push.stop('the key was revoked');
  }

  const loop = async () => {
    while (!stopped) {
      await tick().catch((e) => o.log(`srt ingest: ${(e as Error).message}`));
      await new Promise((r) => setTimeout(r, TICK_MS));
    }
  };
  void loop();
  return {
    running,
    async stop() {
      stopped = true;
      for (const { push } of running.values()) push.stop('the worker is stopping');
      await Promise.all([...running.values()].map((r) => r.push.done));
    },
  };
}
