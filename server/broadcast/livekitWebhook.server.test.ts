import { createHash } from 'node:crypto';
import { AccessToken } from 'livekit-server-sdk';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { Tenant, TenantId } from '#app/lib/config/tenant';
import { listAttendance } from '#server/events/data/attendance.server';
import { createEvent, newEventInput } from '#server/events/data/events.server';
import { VideoService } from '#server/platform/video.server';
import { receiveLivekitWebhook } from './livekitWebhook.server';

const db = testDatabase();
const PLATFORM = { apiKey: 'APIplatform0001', apiSecret: 'platform-secret-0123456789abcdefghijkl' };
const OWN = { apiKey: 'APIownkey000001', apiSecret: 'own-secret-0123456789abcdefghijklmnopqrs' };
const organizer = { sub: 'org-1', name: 'Olga', email: 'olga@example.com', language: 'en' };

/** Two tenants on the platform's LiveKit server: `own` signs with a key pair of its own (video.apiKeyEnv). */
function setup() {
  const plain = uniqueTenantId();
  const own = uniqueTenantId();
  const tenants = new Map<string, Tenant>([
    [plain, { id: plain, video: {} } as unknown as Tenant],
    [own, { id: own, video: { apiKeyEnv: 'OWN' } } as unknown as Tenant],
  ]);
  const video = new VideoService(
    { LIVEKIT_URL: 'ws://localhost:7880', LIVEKIT_API_URL: undefined, LIVEKIT_API_KEY: PLATFORM.apiKey, LIVEKIT_API_SECRET: PLATFORM.apiSecret },
    { source: { OWN_API_KEY: OWN.apiKey, OWN_API_SECRET: OWN.apiSecret } },
  );
  return { plain, own, registry: { tenants }, services: { db, video } };
}

const seed = (tenantId: TenantId) =>
  createEvent(db, tenantId, newEventInput({ title: 'Hooked', eventDateTime: new Date(Date.now() + 3_600_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en' }), organizer);

async function signed(body: unknown, pair: { apiKey: string; apiSecret: string }) {
  const text = JSON.stringify(body);
  const token = new AccessToken(pair.apiKey, pair.apiSecret, { ttl: 60 });
  token.sha256 = createHash('sha256').update(text).digest('base64');
  return { body: text, authorization: `Bearer ${await token.toJwt()}` };
}

const joined = (room: string, id: string) => ({
  event: 'participant_joined',
  id,
  createdAt: String(Math.floor(Date.parse('2030-01-01T10:00:00Z') / 1000)),
  room: { sid: 'RM_1', name: room },
  participant: { sid: 'PA_1', identity: 'u1', name: 'Uma' },
});

describe('LiveKit webhooks on the platform address (no tenant Host)', () => {
  it('finds the tenant from the room name and records with the key its rooms are signed with', async () => {
    const { plain, own, registry, services } = setup();
    const [a, b] = await Promise.all([seed(plain), seed(own)]);
    // The platform's server signs every webhook with the platform pair, whoever's room it is.
    expect(await receiveLivekitWebhook({ ...(await signed(joined(a.channelName, 'EV_1'), PLATFORM)), registry, services })).toEqual({ status: 200, message: 'recorded' });
    expect((await receiveLivekitWebhook({ ...(await signed(joined(b.channelName, 'EV_2'), PLATFORM)), registry, services })).status).toBe(200);
    // A tenant's own pair signs its own rooms.
    expect((await receiveLivekitWebhook({ ...(await signed(joined(b.channelName, 'EV_3'), OWN)), registry, services })).status).toBe(200);
    expect((await listAttendance(db, plain, a.eventId)).map((r) => r.identity)).toEqual(['u1']);
    expect(await listAttendance(db, own, b.eventId)).toHaveLength(2);
  });

  it("refuses a tenant's own key for another tenant's room, a forged or missing signature, and unknown rooms", async () => {
    const { plain, registry, services } = setup();
    const a = await seed(plain);
    const crossTenant = await receiveLivekitWebhook({ ...(await signed(joined(a.channelName, 'EV_1'), OWN)), registry, services });
    expect(crossTenant).toMatchObject({ status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
    const forged = await signed(joined(a.channelName, 'EV_2'), { apiKey: PLATFORM.apiKey, apiSecret: 'not-the-secret-0123456789abcdefghijk' });
    expect((await receiveLivekitWebhook({ ...forged, registry, services })).status).toBe(401);
    const good = await signed(joined(a.channelName, 'EV_3'), PLATFORM);
    expect((await receiveLivekitWebhook({ body: good.body, authorization: null, registry, services })).status).toBe(401);
    // The room name is read before verifying only to pick the key: a body changed after signing fails.
    expect((await receiveLivekitWebhook({ body: good.body.replace('"u1"', '"u2"'), authorization: good.authorization, registry, services })).status).toBe(401);
    // A room of no configured tenant, of no event, or no JSON at all.
    expect((await receiveLivekitWebhook({ ...(await signed(joined('nobody_abcdefabcdef', 'EV_4'), PLATFORM)), registry, services })).status).toBe(401);
    expect((await receiveLivekitWebhook({ ...(await signed(joined(`${plain}_zzzzzzzzzzzz`, 'EV_5'), PLATFORM)), registry, services })).status).toBe(404);
    expect((await receiveLivekitWebhook({ body: 'not json', authorization: good.authorization, registry, services })).status).toBe(401);
    expect(await listAttendance(db, plain, a.eventId)).toEqual([]);
  });

  it("on a tenant's host, a room of another tenant is 404 even when correctly signed", async () => {
    const { plain, own, registry, services } = setup();
    const b = await seed(own);
    const answer = await receiveLivekitWebhook({ ...(await signed(joined(b.channelName, 'EV_1'), PLATFORM)), hostTenant: registry.tenants.get(plain), registry, services });
    expect(answer.status).toBe(404);
    expect(await listAttendance(db, own, b.eventId)).toEqual([]);
  });
});
