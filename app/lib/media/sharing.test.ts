import { describe, expect, it } from 'vitest';
import type { MediaStatus, MediaVisibility } from './model';
import { canViewMedia, isPitchDeck, viewerOf } from './sharing';

const item = (visibility: MediaVisibility, status: MediaStatus = 'ready') => ({ ownerId: 'owner', visibility, status });
const owner = { sub: 'owner', admin: false };
const member = { sub: 'someone', admin: false };
const admin = { sub: 'boss', admin: true };

describe('canViewMedia', () => {
  it('shows a public item to anyone, signed in or not', () => {
    for (const viewer of [null, owner, member, admin]) expect(canViewMedia(item('public'), viewer)).toBe(true);
  });

  it('shows a tenant item to every signed-in member only', () => {
    expect(canViewMedia(item('tenant'), null)).toBe(false);
    for (const viewer of [owner, member, admin]) expect(canViewMedia(item('tenant'), viewer)).toBe(true);
  });

  it('shows a private item to its owner and the tenant admins only', () => {
    expect(canViewMedia(item('private'), null)).toBe(false);
    expect(canViewMedia(item('private'), member)).toBe(false);
    expect(canViewMedia(item('private'), owner)).toBe(true);
    expect(canViewMedia(item('private'), admin)).toBe(true);
  });

  it('shares only finished items: ready or published', () => {
    expect(canViewMedia(item('public', 'published'), null)).toBe(true);
    for (const status of ['uploading', 'processing', 'failed', 'pending_review', 'rejected'] as const) {
      expect(canViewMedia(item('public', status), admin), status).toBe(false);
    }
  });
});

describe('viewerOf', () => {
  it('makes admins of the admin group only', () => {
    expect(viewerOf(null)).toBeNull();
    expect(viewerOf({ sub: 'a', groups: ['organizer'] })).toEqual({ sub: 'a', admin: false });
    expect(viewerOf({ sub: 'a', groups: ['admin'] })).toEqual({ sub: 'a', admin: true });
  });
});

describe('isPitchDeck', () => {
  it('is a document tagged pitch-deck', () => {
    expect(isPitchDeck({ kind: 'document', tags: ['pitch-deck'] })).toBe(true);
    expect(isPitchDeck({ kind: 'image', tags: ['pitch-deck'] })).toBe(false);
    expect(isPitchDeck({ kind: 'document', tags: [] })).toBe(false);
  });
});
