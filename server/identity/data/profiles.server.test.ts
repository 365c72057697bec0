import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { getProfile, getRecentProfile, profileKey, RECENT_PROFILE_MS, saveProfile } from './profiles.server';

const db = testDatabase();

describe('profiles (against DynamoDB Local)', () => {
  it('has no profile before the first save, then returns the saved user fields with defaults', async () => {
    const t = uniqueTenantId();
    expect(await getProfile(db, t, 'sub-1')).toBeNull();
    await saveProfile(db, t, 'sub-1', { displayName: 'Ana', firstName: 'Ana', lastName: 'Ruiz', signInLanguageCode: 'es', signInTimeZone: 'America/Mexico_City', acceptedTerms: true });
    const p = await getProfile(db, t, 'sub-1');
    expect(p).toMatchObject({
      displayName: 'Ana',
      firstName: 'Ana',
      lastName: 'Ruiz',
      signInLanguageCode: 'es',
      signInTimeZone: 'America/Mexico_City',
      acceptedTerms: true,
      signInPreference: 'email',
      signUpPreference: 'email',
      isUserVerified: false,
      cognitoGroups: [],
    });
  });

  it('updates only the given fields', async () => {
    const t = uniqueTenantId();
    await saveProfile(db, t, 'u', { displayName: 'First', lastName: 'Keep' });
    await saveProfile(db, t, 'u', { displayName: 'Second' });
    expect(await getProfile(db, t, 'u')).toMatchObject({ displayName: 'Second', lastName: 'Keep' });
  });

  it('keeps tenants apart', async () => {
    const a = uniqueTenantId('a');
    const b = uniqueTenantId('b');
    await saveProfile(db, a, 'same-sub', { displayName: 'On A' });
    expect(await getProfile(db, b, 'same-sub')).toBeNull();
    expect(profileKey(a, 'x').pk.startsWith(`T#${a}#`)).toBe(true);
  });

  it('refuses invalid values', async () => {
    await expect(saveProfile(db, uniqueTenantId(), 'u', { displayName: 'x'.repeat(200) })).rejects.toThrow();
  });

  it('reuses a join-path read for a few seconds, and forgets it when the profile is saved', async () => {
    const t = uniqueTenantId('recent');
    await saveProfile(db, t, 'r', { displayName: 'Before' });
    const now = Date.now();
    const first = getRecentProfile(db, t, 'r', now);
    expect(getRecentProfile(db, t, 'r', now + 10)).toBe(first);
    expect((await first)?.displayName).toBe('Before');
    await saveProfile(db, t, 'r', { displayName: 'After' });
    expect((await getRecentProfile(db, t, 'r', now + 20))?.displayName).toBe('After');
    const again = getRecentProfile(db, t, 'r', now + 30);
    expect(getRecentProfile(db, t, 'r', now + 30 + RECENT_PROFILE_MS)).not.toBe(again);
    // Another tenant's user with the same sub is another entry.
    expect(await getRecentProfile(db, uniqueTenantId('recent-b'), 'r', now)).toBeNull();
  });
});
