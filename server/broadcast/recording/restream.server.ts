/**
 * Restream destinations of an event (app/lib/recording/restream.ts): the organizer adds and
 * removes RTMP destinations (the stream key sealed with AES-256-GCM, bound to tenant and event),
 * and starts or stops sending the room to them through an egress stream output. Keys leave the
 * server only masked, and in clear only inside the egress request.
 */
import type { EventRecord } from '#app/lib/events/model';
import { roleOf, isStaff, type EventUser } from '#app/lib/events/permissions';
import { maskKey, type RestreamAction, type RestreamState } from '#app/lib/recording/restream';
import { MAX_DESTINATIONS } from '../data/recordings.server';
import type { RecordingContext } from './recorder.server';
import { destinationProblem } from './restreamDestination.server';

export type RestreamRefusal =
  | 'forbidden'
  | 'notFound'
  | 'keysUnavailable'
  | 'tooMany'
  | 'notConnected'
  | 'unavailable'
  | 'conflict'
  // Saving: the URL points inside, or its server is not found (a field error on the URL).
  | 'destinationInside'
  | 'destinationUnresolvable'
  // Starting: a saved destination no longer passes; `destination` names it.
  | 'destinationRefused';
export class RestreamError extends Error {
  constructor(
    readonly code: RestreamRefusal,
    /** The destination's name, for destinationRefused. */
    readonly destination?: string,
  ) {
    super(code);
    this.name = 'RestreamError';
  }
}
export const isRestreamError = (e: unknown): e is RestreamError => e instanceof Error && e.name === 'RestreamError';

/** What the sealed key is bound to: another tenant's or event's row does not open it. */
const keyContext = (tenantId: string, eventId: string) => `restream/${tenantId}/${eventId}`;

/** The RTMP URL the egress pushes to: the destination's URL, then its key as the last path segment. */
export const pushUrl = (url: string, key: string) => `${url.replace(/\/+$/, '')}/${key}`;

export async function restreamState(ctx: RecordingContext, event: EventRecord, user: EventUser): Promise<RestreamState> {
  const [stored, live] = await Promise.all([ctx.data.recordings.destinations(event.eventId), ctx.data.recordings.restreamLive(event.eventId)]);
  return {
    connected: ctx.services.recording.egress.enabled,
    canStoreKeys: ctx.services.recording.keys !== null,
    destinations: stored.map((d) => ({ id: d.id, name: d.name, url: d.url, keyMasked: maskKey(d.keyTail), createdAt: d.createdAt })),
    live: live !== null,
    canEdit: roleOf(event, user) === 'organizer',
  };
}

/** The URLs the egress pushes to; every destination is checked again now, and one that points inside stops the start. */
async function pushUrls(ctx: RecordingContext, event: EventRecord): Promise<string[]> {
  const box = ctx.services.recording.keys;
  if (!box) throw new RestreamError('keysUnavailable');
  const stored = await ctx.data.recordings.destinations(event.eventId);
  const urls: string[] = [];
  for (const d of stored) {
    const key = box.open(d.keyCipher, keyContext(ctx.tenant.id, event.eventId));
    if (key === null) continue;
    if (await destinationProblem(d.url, ctx.services.recording.destinations)) throw new RestreamError('destinationRefused', d.name);
    urls.push(pushUrl(d.url, key));
  }
  return urls;
}

export async function changeRestream(ctx: RecordingContext, event: EventRecord, user: EventUser, action: RestreamAction): Promise<void> {
  const role = roleOf(event, user);
  if (!isStaff(role)) throw new RestreamError('notFound');
  if (role !== 'organizer') throw new RestreamError('forbidden');
  const { egress } = ctx.services.recording;
  switch (action.intent) {
    case 'add': {
      const box = ctx.services.recording.keys;
      if (!box) throw new RestreamError('keysUnavailable');
      const existing = await ctx.data.recordings.destinations(event.eventId);
      if (existing.length >= MAX_DESTINATIONS) throw new RestreamError('tooMany');
      const problem = await destinationProblem(action.url, ctx.services.recording.destinations);
      if (problem) throw new RestreamError(problem === 'unresolvable' ? 'destinationUnresolvable' : 'destinationInside');
      await ctx.data.recordings.addDestination(event.eventId, {
        name: action.name,
        url: action.url,
        keyCipher: box.seal(action.streamKey, keyContext(ctx.tenant.id, event.eventId)),
        keyTail: action.streamKey.slice(-4),
      });
      return;
    }
    case 'remove': {
      const stored = (await ctx.data.recordings.destinations(event.eventId)).find((d) => d.id === action.destinationId);
      if (!stored) throw new RestreamError('notFound');
      const live = await ctx.data.recordings.restreamLive(event.eventId);
      if (live && egress.enabled && ctx.services.recording.keys) {
        const key = ctx.services.recording.keys.open(stored.keyCipher, keyContext(ctx.tenant.id, event.eventId));
        if (key !== null) {
          try {
            await egress.updateStream(ctx.tenant, live.egressId, [], [pushUrl(stored.url, key)]);
          } catch {
            throw new RestreamError('unavailable');
          }
        }
      }
      await ctx.data.recordings.removeDestination(event.eventId, action.destinationId);
      return;
    }
    case 'start': {
      if (!egress.enabled) throw new RestreamError('notConnected');
      if (await ctx.data.recordings.restreamLive(event.eventId)) return;
      const urls = await pushUrls(ctx, event);
      if (urls.length === 0) throw new RestreamError('notFound');
      try {
        const info = await egress.startStream(ctx.tenant, event.channelName, urls);
        await ctx.data.recordings.setRestreamLive(event.eventId, info.egressId);
      } catch (e) {
        if (isRestreamError(e)) throw e;
        throw new RestreamError('unavailable');
      }
      return;
    }
    case 'stop': {
      const live = await ctx.data.recordings.restreamLive(event.eventId);
      if (!live) return;
      if (egress.enabled) {
        try {
          await egress.stop(ctx.tenant, live.egressId);
        } catch {
          throw new RestreamError('unavailable');
        }
      }
      await ctx.data.recordings.setRestreamLive(event.eventId, null);
    }
  }
}
