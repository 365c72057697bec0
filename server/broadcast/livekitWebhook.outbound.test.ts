/**
 * Where features emit (docs/decisions/0088): LiveKit's room_started and room_finished for an event's
 * room become event.started, event.ended and attendance.summary deliveries, each queued once per
 * endpoint that chose the type, with a body that names the event and nothing else of the tenant's.
 */
import { createHash } from 'node:crypto';
import { AccessToken } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '#app/lib/config/tenant';
import { tenantData } from '#server/data/tenantData.server';
import { receiveLivekitWebhook } from './livekitWebhook.server';
import { createEvent, newEventInput } from '#server/events/data/events.server';
import { VideoService } from '#server/platform/video.server';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { emitWebhook } from '#server/webhooks/emit.server';
import { setWebhookQueue, type WebhookJob } from '#server/webhooks/queue.server';

const db = testDatabase();
const PLATFORM = { apiKey: 'APIplatform0001', apiSecret: 'platform-secret-0123456789abcdefghijkl' };
const queued: WebhookJob[] = [];

beforeAll(() => setWebhookQueue({ enqueue: async (job) => void queued.push(job), close: async () => undefined }));
afterAll(() => setWebhookQueue(undefined));

async function signed(body: unknown) {
  const text = JSON.stringify(body);
  const token = new AccessToken(PLATFORM.apiKey, PLATFORM.apiSecret, { ttl: 60 });
  token.sha256 = createHash('sha256').update(text).digest('base64');
  return { body: text, authorization: `Bearer ${await token.toJwt()}` };
}
const at = (iso: string) => String(Math.floor(Date.parse(iso) / 1000));

describe('emit points', () => {
  it('sends event.started, event.ended and attendance.summary from the event room’s LiveKit webhooks', async () => {
    const tenantId = uniqueTenantId('wh');
    const data = tenantData({ db }, tenantId);
    const registry = { tenants: new Map<string, Tenant>([[tenantId, { id: tenantId, video: {} } as unknown as Tenant]]) };
    const video = new VideoService({ LIVEKIT_URL: 'ws://localhost:7880', LIVEKIT_API_URL: undefined, LIVEKIT_API_KEY: PLATFORM.apiKey, LIVEKIT_API_SECRET: PLATFORM.apiSecret });
    const services = { db, video };
    const event = await createEvent(db, tenantId, newEventInput({ title: 'Hooked', eventDateTime: new Date(Date.now() + 3_600_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en' }), { sub: 'org-1', name: 'Olga', email: 'olga@example.com', language: 'en' });
    const now = new Date().toISOString();
    await data.webhooks.putEndpoint({ endpointId: 'ep_aaaaaaaaaaaaaaaa', url: 'https://hooks.example.com/a', description: '', events: ['event.started', 'event.ended', 'attendance.summary'], secret: 'whsec_x', enabled: true, failureStreak: 0, createdAt: now, createdBy: 'a' });
    await data.webhooks.putEndpoint({ endpointId: 'ep_bbbbbbbbbbbbbbbb', url: 'https://hooks.example.com/b', description: '', events: ['order.paid'], secret: 'whsec_y', enabled: true, failureStreak: 0, createdAt: now, createdBy: 'a' });
    const room = { sid: 'RM_1', name: event.channelName };
    const send = async (body: unknown) => receiveLivekitWebhook({ ...(await signed(body)), registry, services });

    expect((await send({ event: 'room_started', id: 'EV_1', createdAt: at('2030-01-01T10:00:00Z'), room })).status).toBe(200);
    await send({ event: 'participant_joined', id: 'EV_2', createdAt: at('2030-01-01T10:01:00Z'), room, participant: { sid: 'PA_1', identity: 'u1', name: 'Uma' } });
    await send({ event: 'participant_joined', id: 'EV_3', createdAt: at('2030-01-01T10:02:00Z'), room, participant: { sid: 'PA_2', identity: 'u2', name: 'Ugo' } });
    expect((await send({ event: 'room_finished', id: 'EV_4', createdAt: at('2030-01-01T11:00:00Z'), room })).status).toBe(200);

    const deliveries = (await data.webhooks.listDeliveries()).reverse();
    expect(deliveries.map((d) => d.type)).toEqual(['event.started', 'event.ended', 'attendance.summary']);
    expect(deliveries.every((d) => d.endpointId === 'ep_aaaaaaaaaaaaaaaa' && d.status === 'pending')).toBe(true);
    expect(queued.filter((j) => j.tenantId === tenantId).map((j) => j.mode)).toEqual(['scheduled', 'scheduled', 'scheduled']);
    const bodies = deliveries.map((d) => JSON.parse(d.body) as { type: string; data: Record<string, unknown> });
    expect(bodies[0]!.data).toEqual({ eventId: event.eventId, eventTitle: 'Hooked', startedAt: '2030-01-01T10:00:00.000Z' });
    expect(bodies[2]!.data).toMatchObject({ eventId: event.eventId, attendees: 2, joins: 2, endedAt: '2030-01-01T11:00:00.000Z' });
  });

  it('queues nothing for a tenant without endpoints, and never throws into the caller', async () => {
    const data = tenantData({ db }, uniqueTenantId('wh'));
    expect(await emitWebhook(data, 'registration.created', { eventId: 'e' })).toEqual([]);
    setWebhookQueue({ enqueue: async () => Promise.reject(new Error('redis is away')), close: async () => undefined });
    await data.webhooks.putEndpoint({ endpointId: 'ep_cccccccccccccccc', url: 'https://hooks.example.com/c', description: '', events: ['registration.created'], secret: 'whsec_z', enabled: true, failureStreak: 0, createdAt: new Date().toISOString(), createdBy: 'a' });
    const [id] = await emitWebhook(data, 'registration.created', { eventId: 'e' });
    const delivery = await data.webhooks.getDelivery(id!);
    expect(delivery?.status).toBe('failed');
    expect(delivery?.attempts[0]?.error).toBe('not queued: redis is away');
  });
});
