import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#app/lib/identity/types';
import { canManageMedia, isMediaAdmin, madeFromAnEvent, mightViewSignedIn, visibleByItself } from './visibility';

const user = (sub: string, groups: string[] = []): SessionUser => ({ sub, username: sub, email: null, emailVerified: true, groups });
const owner = user('owner');
const member = user('member');
const admin = user('admin', ['admin']);

describe('canManageMedia', () => {
  it('is the owner or a tenant admin, nobody else', () => {
    expect(canManageMedia(owner, { ownerId: 'owner' })).toBe(true);
    expect(canManageMedia(admin, { ownerId: 'owner' })).toBe(true);
    expect(canManageMedia(member, { ownerId: 'owner' })).toBe(false);
    expect(canManageMedia(user('organizer', ['organizer']), { ownerId: 'owner' })).toBe(false);
    expect(canManageMedia(null, { ownerId: 'owner' })).toBe(false);
    expect(isMediaAdmin(admin)).toBe(true);
    expect(isMediaAdmin(null)).toBe(false);
  });
});

describe('visibleByItself', () => {
  it('shows a finished public item to anyone and a tenant item to signed-in members', () => {
    expect(visibleByItself(null, { visibility: 'public', status: 'ready' })).toBe(true);
    expect(visibleByItself(null, { visibility: 'public', status: 'published' })).toBe(true);
    expect(visibleByItself(null, { visibility: 'tenant', status: 'ready' })).toBe(false);
    expect(visibleByItself(member, { visibility: 'tenant', status: 'ready' })).toBe(true);
    expect(visibleByItself(member, { visibility: 'private', status: 'ready' })).toBe(false);
  });
  it('never shows work in progress, review or rejected items by themselves', () => {
    for (const status of ['uploading', 'processing', 'failed', 'pending_review', 'rejected'] as const) {
      expect(visibleByItself(member, { visibility: 'public', status }), status).toBe(false);
    }
  });
});

describe('madeFromAnEvent', () => {
  it('is a room recording or a kept broadcast; an upload (or an item from before origins) is not', () => {
    expect(madeFromAnEvent({ origin: 'recording' })).toBe(true);
    expect(madeFromAnEvent({ origin: 'broadcast' })).toBe(true);
    expect(madeFromAnEvent({ origin: 'upload' })).toBe(false);
    expect(madeFromAnEvent({})).toBe(false);
  });
});

describe('mightViewSignedIn', () => {
  it('asks a signed-out visitor to sign in for a finished item that is not private', () => {
    expect(mightViewSignedIn(null, { visibility: 'tenant', status: 'ready' })).toBe(true);
    expect(mightViewSignedIn(null, { visibility: 'private', status: 'ready' })).toBe(false);
    expect(mightViewSignedIn(null, { visibility: 'tenant', status: 'processing' })).toBe(false);
    expect(mightViewSignedIn(member, { visibility: 'tenant', status: 'ready' })).toBe(false);
  });
});
