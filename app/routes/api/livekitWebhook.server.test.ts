import { createHash } from 'node:crypto';
import type { ActionFunctionArgs } from '@remix-run/node';
import { AccessToken } from 'livekit-server-sdk';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { TenantId } from '#app/lib/config/tenant';
import { tenantData } from '#server/data/tenantData.server';
import { listAttendance, listRoomFinished } from '#server/events/data/attendance.server';
import { createEvent, newEventInput } from '#server/events/data/events.server';
import { VideoService } from '#server/platform/video.server';
import { action } from './livekitWebhook.server';

const db = testDatabase();
const video = new VideoService({ LIVEKIT_URL: 'ws://localhost:7880', LIVEKIT_API_URL: undefined, LIVEKIT_API_KEY: 'devkey', LIVEKIT_API_SECRET: 'secret' });
const organizer = { sub: 'org-1', name: 'Olga', email: 'olga@example.com', language: 'en' };

async function seed(tenantId: TenantId) {
  return createEvent(
    db,
    tenantId,
    newEventInput({ title: 'Hooked', eventDateTime: new Date(Date.now() + 3_600_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en' }),
    organizer,
  );
}

/** What LiveKit sends: the JSON body and a JWT over its sha256, signed with the key pair. */
async function signed(body: unknown, secret = 'secret') {
  const text = JSON.stringify(body);
  const token = new AccessToken('devkey', secret, { ttl: 60 });
  token.sha256 = createHash('sha256').update(text).digest('base64');
  return { text, authorization: await token.toJwt() };
}

async function post(tenantId: TenantId, text: string, authorization: string | null) {
  const request = new Request('http://aurora.localhost/api/livekit/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/webhook+json', ...(authorization ? { Authorization: authorization } : {}) },
    body: text,
  });
  const context = { tenant: { id: tenantId, video: {} }, services: { db, video, registry: { tenants: new Map() } }, data: tenantData({ db }, tenantId) };
  const response = (await action({ request, context, params: {} } as unknown as ActionFunctionArgs)) as Response;
  return { status: response.status, body: (await response.json()) as { message: string } };
}

const joined = (room: string, id: string, identity = 'u1', event = 'participant_joined') => ({
  event,
  id,
  createdAt: String(Math.floor(Date.parse('2030-01-01T10:00:00Z') / 1000)),
  room: { sid: 'RM_1', name: room },
  participant: { sid: 'PA_1', identity, name: 'Uma' },
});

describe('POST /api/livekit/webhook', () => {
  it('verifies the signature and records joins, leaves and the room finishing', async () => {
    const tenantId = uniqueTenantId();
    const event = await seed(tenantId);
    const join = await signed(joined(event.channelName, 'EV_1'));
    expect(await post(tenantId, join.text, join.authorization)).toEqual({ status: 200, body: { message: 'recorded' } });
    const left = await signed(joined(event.channelName, 'EV_2', 'u1', 'participant_left'));
    expect((await post(tenantId, left.text, `Bearer ${left.authorization}`)).status).toBe(200);
    const finished = await signed({ event: 'room_finished', id: 'EV_3', createdAt: '1893492000', room: { name: event.channelName } });
    expect((await post(tenantId, finished.text, finished.authorization)).status).toBe(200);

    expect((await listAttendance(db, tenantId, event.eventId)).map((r) => [r.identity, r.name, r.action, r.at])).toEqual([
      ['u1', 'Uma', 'joined', '2030-01-01T10:00:00.000Z'],
      ['u1', 'Uma', 'left', '2030-01-01T10:00:00.000Z'],
    ]);
    expect(await listRoomFinished(db, tenantId, event.eventId)).toEqual(['2030-01-01T10:00:00.000Z']);
  });

  it('answers 401 to a missing or wrong signature and to a body that is not the one signed', async () => {
    const tenantId = uniqueTenantId();
    const event = await seed(tenantId);
    const good = await signed(joined(event.channelName, 'EV_1'));
    expect((await post(tenantId, good.text, null)).status).toBe(401);
    const forged = await signed(joined(event.channelName, 'EV_1'), 'not-the-secret');
    expect((await post(tenantId, forged.text, forged.authorization)).status).toBe(401);
    const tampered = good.text.replace('"u1"', '"u2"');
    expect((await post(tenantId, tampered, good.authorization)).status).toBe(401);
    expect(await listAttendance(db, tenantId, event.eventId)).toEqual([]);
  });

  it("answers 404 for another tenant's room or a room of no event", async () => {
    const tenantA = uniqueTenantId();
    const tenantB = uniqueTenantId();
    const event = await seed(tenantA);
    const theirs = await signed(joined(event.channelName, 'EV_1'));
    expect((await post(tenantB, theirs.text, theirs.authorization)).status).toBe(404);
    const none = await signed(joined(`${tenantB}_zzzzzzzzzzzz`, 'EV_2'));
    expect((await post(tenantB, none.text, none.authorization)).status).toBe(404);
    expect(await listAttendance(db, tenantA, event.eventId)).toEqual([]);
    // A kind of webhook nothing here acts on (room_started is now told to outbound webhooks, docs/decisions/0088).
    const other = await signed({ event: 'track_published', id: 'EV_3', room: { name: event.channelName } });
    expect(await post(tenantA, other.text, other.authorization)).toEqual({ status: 200, body: { message: 'ignored track_published' } });
  });
});
