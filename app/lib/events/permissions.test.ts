import { describe, expect, it } from 'vitest';
import { eventStatus, expirationFor, zonedToUtc, utcToZoned, type EventRecord } from './model';
import { acceptableInvitation, canBlock, canJoin, canUnblock, flagsOf, grantsFor, roleOf } from './permissions';

const start = Date.parse('2026-12-01T18:00:00.000Z');
const min = 60_000;
const event = {
  eventDateTime: new Date(start).toISOString(),
  eventDuration: 60,
  eventExpiration: expirationFor(new Date(start).toISOString(), 60),
  cancelledAt: null,
  endedAt: null,
  organizerId: 'org',
  hosts: ['host@example.com', 'invited@example.com'],
  /** host@example.com was accepted by the account 'h'; invited@example.com is still open. */
  acceptedHosts: { 'host@example.com': 'h' },
  blockedUsers: ['bad'],
  channelName: 'aurora_abc',
  ownerOnlyBroadcast: true,
  layout: 'liveEventsContainer',
} satisfies Partial<EventRecord>;

const organizer = { sub: 'org', email: 'o@example.com' };
const host = { sub: 'h', email: 'Host@Example.com', emailVerified: true };
const participant = { sub: 'p', email: 'p@example.com' };
const blocked = { sub: 'bad', email: 'bad@example.com' };

describe('event roles and gates', () => {
  it('derives the role flags', () => {
    expect(roleOf(event, organizer)).toBe('organizer');
    expect(roleOf(event, host)).toBe('host');
    expect(roleOf(event, participant)).toBe('participant');
    expect(roleOf(event, { sub: 'x', email: null, groups: ['admin'] })).toBe('organizer');
    expect(flagsOf(event, blocked)).toEqual({ isOrganizer: false, isHost: false, isParticipant: true, isUserBlocked: true });
    expect(flagsOf({ ...event, blockedUsers: ['org'] }, organizer).isUserBlocked).toBe(false);
  });

  it('opens to hosts 30 minutes and to participants 5 minutes before start', () => {
    expect(canJoin(event, host, start - 30 * min - 1)).toMatchObject({ ok: false, reason: 'notYetOpen', opensAt: new Date(start - 30 * min).toISOString() });
    expect(canJoin(event, host, start - 30 * min)).toEqual({ ok: true, role: 'host' });
    expect(canJoin(event, organizer, start - 30 * min)).toEqual({ ok: true, role: 'organizer' });
    expect(canJoin(event, participant, start - 5 * min - 1)).toMatchObject({ ok: false, reason: 'notYetOpen', opensAt: new Date(start - 5 * min).toISOString() });
    expect(canJoin(event, participant, start - 5 * min)).toEqual({ ok: true, role: 'participant' });
    expect(canJoin(event, blocked, start)).toMatchObject({ ok: false, reason: 'blocked' });
  });

  it('keeps the room through the overrun, then refuses after expiry, an early end or cancellation', () => {
    expect(canJoin(event, participant, start + 70 * min)).toMatchObject({ ok: true });
    expect(canJoin(event, participant, start + 90 * min)).toMatchObject({ ok: false, reason: 'expired' });
    expect(canJoin({ ...event, endedAt: new Date(start + min).toISOString() }, host, start + 2 * min)).toMatchObject({ ok: false, reason: 'ended' });
    expect(canJoin({ ...event, cancelledAt: 'x' }, organizer, start)).toMatchObject({ ok: false, reason: 'cancelled' });
  });

  it('walks the lifecycle', () => {
    expect(eventStatus(event, start - 31 * min)).toBe('scheduled');
    expect(eventStatus(event, start - 30 * min)).toBe('open');
    expect(eventStatus(event, start)).toBe('live');
    expect(eventStatus(event, start + 60 * min)).toBe('ended');
    expect(eventStatus(event, start + 90 * min)).toBe('expired');
  });

  it('grants publishing and admin from role and flags', () => {
    expect(grantsFor(event, 'participant')).toMatchObject({ canPublish: false, roomAdmin: false, room: 'aurora_abc' });
    expect(grantsFor(event, 'host')).toMatchObject({ canPublish: true, roomAdmin: true });
    expect(grantsFor({ ...event, ownerOnlyBroadcast: false }, 'participant')).toMatchObject({ canPublish: true, roomAdmin: false });
    expect(grantsFor({ ...event, ownerOnlyBroadcast: false, layout: 'lbc' }, 'participant').canPublish).toBe(false);
    expect(grantsFor({ ...event, layout: 'abc' }, 'organizer').canPublishSources).toEqual(['microphone']);
  });
});

describe('host invitations: the role rests on the account that accepted, never on a claimed email', () => {
  it('an invited address gives nothing until an account accepts it; then only that account is host', () => {
    for (const emailVerified of [true, false]) {
      expect(roleOf(event, { sub: 'claimer', email: 'invited@example.com', emailVerified })).toBe('participant');
      expect(roleOf(event, { sub: 'claimer', email: 'HOST@example.com', emailVerified })).toBe('participant');
    }
    expect(roleOf(event, { sub: 'h', email: 'moved-away@example.com', emailVerified: true })).toBe('host');
    expect(roleOf(event, { sub: 'h', email: null })).toBe('host');
    expect(flagsOf(event, { sub: 'h', email: null })).toMatchObject({ isHost: true, isParticipant: false });
  });

  it('taking the address off the hosts list ends the role, whatever the binding says', () => {
    expect(roleOf({ ...event, hosts: ['invited@example.com'] }, host)).toBe('participant');
  });

  it('an invitation can be accepted only by a verified holder of the address, and only once', () => {
    expect(acceptableInvitation(event, { sub: 'new', email: 'Invited@Example.com', emailVerified: true })).toBe('invited@example.com');
    expect(acceptableInvitation(event, { sub: 'new', email: 'invited@example.com', emailVerified: false })).toBeNull();
    expect(acceptableInvitation(event, { sub: 'new', email: 'invited@example.com' })).toBeNull();
    // Already accepted by another account, or not invited at all.
    expect(acceptableInvitation(event, { sub: 'new', email: 'host@example.com', emailVerified: true })).toBeNull();
    expect(acceptableInvitation(event, { sub: 'new', email: 'stranger@example.com', emailVerified: true })).toBeNull();
    expect(acceptableInvitation(event, { sub: 'new', email: null, emailVerified: true })).toBeNull();
    // The organizer never needs one.
    expect(acceptableInvitation({ ...event, organizerId: 'new' }, { sub: 'new', email: 'invited@example.com', emailVerified: true })).toBeNull();
  });
});

describe('one moderation rule', () => {
  it('only the organizer and hosts block, and only participants', () => {
    expect(canBlock('organizer', 'participant')).toBe(true);
    expect(canBlock('host', 'participant')).toBe(true);
    for (const target of ['organizer', 'host'] as const) for (const actor of ['organizer', 'host', 'participant'] as const) expect(canBlock(actor, target)).toBe(false);
    expect(canBlock('participant', 'participant')).toBe(false);
  });

  it('only the organizer and hosts unblock', () => {
    expect(canUnblock('organizer')).toBe(true);
    expect(canUnblock('host')).toBe(true);
    expect(canUnblock('participant')).toBe(false);
  });
});

describe('zoned times', () => {
  it('converts a local time in a zone to UTC and back', () => {
    expect(zonedToUtc('2026-12-01', '13:00', 'America/New_York')).toBe('2026-12-01T18:00:00.000Z');
    expect(utcToZoned('2026-12-01T18:00:00.000Z', 'Asia/Tokyo')).toEqual({ date: '2026-12-02', time: '03:00' });
  });
  it('refuses unknown zones and times inside a daylight-saving gap', () => {
    expect(zonedToUtc('2026-12-01', '13:00', 'Mars/Olympus')).toBeNull();
    expect(zonedToUtc('2026-03-08', '02:30', 'America/New_York')).toBeNull();
  });
});
