import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaItem } from '#app/lib/media/model';
import { testDatabase, testStorage } from '#tests/support/local-stack';
import { tenantData } from '#server/data/tenantData.server';
import { uniqueTenantId } from '#tests/support/tenants';
import { downloadFileName, mediaDownloadUrl } from '../mediaObjects.server';
import { canManageItem, canSeeItem, isPlatformAdmin } from './mediaAccess.server';

const env = { PLATFORM_ADMIN_EMAILS: ['root@example.com'] };
const user = (sub: string, groups: string[] = ['organizer'], email = `${sub}@example.com`): SessionUser => ({ sub, username: sub, email, emailVerified: true, groups });
const item = (over: Partial<MediaItem> = {}): MediaItem => ({
  id: 'abcdefghijabcdefghij1',
  scope: 'tenant',
  kind: 'image',
  ownerId: 'owner',
  ownerName: 'Owner',
  title: 'Team photo',
  description: '',
  tags: [],
  visibility: 'private',
  status: 'ready',
  original: { key: 'media/abcdefghijabcdefghij1/original.jpg', fileName: 'IMG 0001.jpg', contentType: 'image/jpeg', bytes: 10 },
  derived: {},
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
  ...over,
});

describe('who sees and changes media', () => {
  it('platform admins: a verified listed email, any case', () => {
    expect(isPlatformAdmin(user('r', [], 'ROOT@example.com'), env)).toBe(true);
    expect(isPlatformAdmin({ ...user('r', [], 'root@example.com'), emailVerified: false }, env)).toBe(false);
    expect(isPlatformAdmin(user('x', ['admin']), env)).toBe(false);
    expect(isPlatformAdmin(null, env)).toBe(false);
  });

  it('owners and tenant admins change a tenant item; only platform admins a system item', () => {
    expect(canManageItem(user('owner'), item(), 'tenant', env)).toBe(true);
    expect(canManageItem(user('admin', ['admin']), item(), 'tenant', env)).toBe(true);
    expect(canManageItem(user('other'), item(), 'tenant', env)).toBe(false);
    expect(canManageItem(user('admin', ['admin']), item({ scope: 'system' }), 'system', env)).toBe(false);
    expect(canManageItem(user('r', [], 'root@example.com'), item({ scope: 'system' }), 'system', env)).toBe(true);
  });

  it('others see finished items their visibility allows; system media are everyone’s once ready', async () => {
    const data = tenantData({ db: testDatabase() }, uniqueTenantId('see'));
    expect(await canSeeItem(data, user('other'), item(), 'tenant', env)).toBe(false);
    expect(await canSeeItem(data, user('other'), item({ visibility: 'tenant' }), 'tenant', env)).toBe(true);
    expect(await canSeeItem(data, null, item({ visibility: 'tenant' }), 'tenant', env)).toBe(false);
    expect(await canSeeItem(data, null, item({ visibility: 'public' }), 'tenant', env)).toBe(true);
    expect(await canSeeItem(data, user('other'), item({ visibility: 'public', status: 'pending_review' }), 'tenant', env)).toBe(false);
    expect(await canSeeItem(data, user('owner'), item({ status: 'processing' }), 'tenant', env)).toBe(true);
    expect(await canSeeItem(data, null, item({ scope: 'system' }), 'system', env)).toBe(true);
    expect(await canSeeItem(data, null, item({ scope: 'system', status: 'processing' }), 'system', env)).toBe(false);
    // Made from an event this tenant does not have: nobody but its owner and the admins.
    expect(await canSeeItem(data, user('other'), item({ visibility: 'public', eventId: 'nosuchevent1' }), 'tenant', env)).toBe(false);
    expect(await canSeeItem(data, user('owner'), item({ visibility: 'public', eventId: 'nosuchevent1' }), 'tenant', env)).toBe(true);
  });
});

describe('download links', () => {
  const storage = testStorage();

  it('save the file under the item’s name, live five minutes, and never render active content', async () => {
    const tenantId = uniqueTenantId();
    const url = new URL(await mediaDownloadUrl(storage, tenantId, item()));
    expect(url.pathname).toContain(`/tenants/${tenantId}/media/abcdefghijabcdefghij1/original.jpg`);
    expect(url.searchParams.get('response-content-disposition')).toBe(`attachment; filename="IMG 0001.jpg"; filename*=UTF-8''IMG%200001.jpg`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-type')).toBeNull();
    const svg = new URL(await mediaDownloadUrl(storage, tenantId, item({ original: { ...item().original, contentType: 'image/svg+xml', fileName: 'logo.svg' } })));
    expect(svg.searchParams.get('response-content-type')).toBe('application/octet-stream');
    expect(svg.searchParams.get('response-content-disposition')).toContain('attachment');
  });

  it('names a derived file after the item', () => {
    expect(downloadFileName(item(), { key: 'media/abcdefghijabcdefghij1/derived/large1500.webp' })).toBe('Team photo-large1500.webp');
    expect(downloadFileName(item())).toBe('IMG 0001.jpg');
  });
});
