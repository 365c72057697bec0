import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { ChatMember } from '#app/lib/chat/protocol';
import type { TenantId } from '#app/lib/config/tenant';
import { createEvent, getEvent, newEventInput } from '#server/events/data/events.server';
import { acceptHostInvitation } from '#server/events/data/hostInvitations.server';
import { tenantData } from '#server/data/tenantData.server';
import { blockUser, unblockUser, type ModerationDeps } from './moderation.server';
import { NotConnectedError, VideoUnavailableError } from '#server/platform/video.server';

const db = testDatabase();
const organizer = { sub: 'org', name: 'Olga', email: 'olga@example.com', language: 'en' };

/** The tenant's events as stored, and the chat and video sides recording what blocking asks of them. */
function fakes(t: TenantId, members: Record<string, ChatMember['role']> = {}, videoFails?: Error) {
  const calls: string[] = [];
  const services = {
    data: {
      events: tenantData({ db }, t).events,
      chat: {
        getMember: async (_e: string, userId: string) => (members[userId] ? { userId, role: members[userId], email: '' } : null),
        userBlocked: async (_e: string, userId: string) => void calls.push(`chat-blocked ${userId}`),
        userUnblocked: async (_e: string, userId: string) => void calls.push(`chat-unblocked ${userId}`),
      },
    },
    video: {
      removeParticipant: async (_tenant: unknown, _event: unknown, identity: string) => {
        calls.push(`removed ${identity}`);
        if (videoFails) throw videoFails;
      },
    },
  } as unknown as ModerationDeps;
  return { services, calls };
}

async function eventWithHosts(t: TenantId) {
  const created = await createEvent(
    db,
    t,
    newEventInput({ title: 'Rules', eventDateTime: new Date(Date.now() - 60_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en', hosts: ['a@example.com', 'b@example.com'] }),
    organizer,
  );
  await acceptHostInvitation(db, t, created, { sub: 'host-a', email: 'a@example.com', emailVerified: true });
  return acceptHostInvitation(db, t, (await getEvent(db, t, created.eventId))!, { sub: 'host-b', email: 'b@example.com', emailVerified: true });
}

describe('one moderation rule (DynamoDB Local)', () => {
  it('nobody blocks the organizer, a host, a tenant admin or themselves; participants block nobody', async () => {
    const t = uniqueTenantId('mod');
    const event = await eventWithHosts(t);
    const tenant = { id: t, video: {} };
    const { services, calls } = fakes(t, { admin: 'organizer', pat: 'participant' });
    const hostA = { sub: 'host-a' };
    for (const [actor, target] of [
      [hostA, 'host-b'],
      [hostA, 'org'],
      [hostA, 'admin'],
      [hostA, 'host-a'],
      [{ sub: 'org' }, 'host-a'],
      [{ sub: 'pat' }, 'sam'],
      [{ sub: 'pat' }, 'host-a'],
    ] as const) {
      expect(await blockUser(services, tenant, event, actor, target), `${actor.sub} → ${target}`).toEqual({ ok: false, reason: 'forbidden' });
    }
    expect(calls).toEqual([]);
    expect((await getEvent(db, t, event.eventId))?.blockedUsers).toEqual([]);
  });

  it('organizer and hosts block a participant (removed from video, chat told) and unblock them; participants unblock nobody', async () => {
    const t = uniqueTenantId('mod');
    const event = await eventWithHosts(t);
    const tenant = { id: t, video: {} };
    const { services, calls } = fakes(t);
    expect(await blockUser(services, tenant, event, { sub: 'host-b' }, 'pat')).toEqual({ ok: true, removed: true });
    expect(calls).toEqual(['chat-blocked pat', 'removed pat']);
    expect((await getEvent(db, t, event.eventId))?.blockedUsers).toEqual(['pat']);

    expect(await unblockUser(services, event, { sub: 'sam' }, 'pat')).toEqual({ ok: false, reason: 'forbidden' });
    expect(await unblockUser(services, event, { sub: 'org' }, 'pat')).toEqual({ ok: true, removed: false });
    expect(calls.at(-1)).toBe('chat-unblocked pat');
    expect((await getEvent(db, t, event.eventId))?.blockedUsers).toEqual([]);
  });

  it('the block holds when the person is not in the room or the video service is down', async () => {
    const t = uniqueTenantId('mod');
    const event = await eventWithHosts(t);
    const tenant = { id: t, video: {} };
    const away = fakes(t, {}, new NotConnectedError('pat'));
    expect(await blockUser(away.services, tenant, event, { sub: 'org' }, 'pat')).toEqual({ ok: true, removed: false });
    const down = new VideoUnavailableError('no answer');
    const outage = fakes(t, {}, down);
    expect(await blockUser(outage.services, tenant, event, { sub: 'org' }, 'sam')).toEqual({ ok: true, removed: false, videoError: down });
    expect((await getEvent(db, t, event.eventId))?.blockedUsers.sort()).toEqual(['pat', 'sam']);
  });
});
