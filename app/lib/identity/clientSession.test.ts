import { describe, expect, it } from 'vitest';
import { CLIENT_SESSION_KEYS, imageKeyPrefixFor, readClientSession, recordWindowSize, SIGNED_OUT, writeClientSession } from './clientSession';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('client session data (docs/PRODUCT.md, Data)', () => {
  it('keeps every field under the platform prefix, so sign-out clears it', () => {
    for (const key of Object.values(CLIENT_SESSION_KEYS)) expect(key.startsWith('platform.')).toBe(true);
  });

  it('defaults to signed out', () => {
    expect(readClientSession(memoryStore())).toEqual({ ...SIGNED_OUT, windowInnerWidth: 0, windowInnerHeight: 0 });
  });

  it('round-trips the signed-in user and the window size', () => {
    const store = memoryStore();
    writeClientSession({ signedIn: true, userName: 'u1', jwtToken: 'a.b.c', cognitoGroups: ['member', 'organizer'], imageKeyPrefix: imageKeyPrefixFor('aurora', 's1') }, store);
    recordWindowSize({ innerWidth: 375, innerHeight: 800 }, store);
    expect(readClientSession(store)).toEqual({
      signedIn: true,
      userName: 'u1',
      jwtToken: 'a.b.c',
      cognitoGroups: ['member', 'organizer'],
      imageKeyPrefix: 'tenants/aurora/users/s1/',
      windowInnerWidth: 375,
      windowInnerHeight: 800,
    });
  });

  it('signing out removes the user fields and sets signedIn false', () => {
    const store = memoryStore();
    writeClientSession({ signedIn: true, userName: 'u1', jwtToken: 't' }, store);
    writeClientSession(SIGNED_OUT, store);
    expect(store.map.get('platform.signedIn')).toBe('false');
    expect(store.map.has('platform.userName')).toBe(false);
    expect(store.map.has('platform.jwtToken')).toBe(false);
  });

  it('ignores damaged or wrongly typed values', () => {
    const store = memoryStore();
    store.setItem('platform.signedIn', '"yes"');
    store.setItem('platform.cognitoGroups', '{bad json');
    store.setItem('platform.windowInnerWidth', '"wide"');
    const data = readClientSession(store);
    expect(data.signedIn).toBe(false);
    expect(data.cognitoGroups).toEqual([]);
    expect(data.windowInnerWidth).toBe(0);
  });

  it('works without storage', () => {
    expect(() => writeClientSession({ signedIn: true }, null)).not.toThrow();
    expect(readClientSession(null).signedIn).toBe(false);
  });
});
