import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { getVideoSettings, MAX_DEVICE_ID_LENGTH, saveVideoSettings, videoSettingsKey } from './videoSettings.server';

const db = testDatabase();

describe('video settings (against DynamoDB Local)', () => {
  it('has nothing before the first save, then returns the saved device ids', async () => {
    const t = uniqueTenantId();
    expect(await getVideoSettings(db, t, 'u1')).toBeNull();
    const saved = await saveVideoSettings(db, t, 'u1', { videoDeviceId: 'cam-1', audioDeviceId: 'mic-1', audioOutputId: 'spk-1' });
    expect(saved).toMatchObject({ videoDeviceId: 'cam-1', audioDeviceId: 'mic-1', audioOutputId: 'spk-1' });
    const read = await getVideoSettings(db, t, 'u1');
    expect(read).toEqual(saved);
    expect(Number.isNaN(Date.parse(read!.updatedAt))).toBe(false);
  });

  it('replaces the whole choice: an empty or missing id goes back to the system default', async () => {
    const t = uniqueTenantId();
    await saveVideoSettings(db, t, 'u', { videoDeviceId: 'cam-1', audioDeviceId: 'mic-1', audioOutputId: 'spk-1' });
    await saveVideoSettings(db, t, 'u', { videoDeviceId: 'cam-2', audioDeviceId: '' });
    const read = await getVideoSettings(db, t, 'u');
    expect(read).toMatchObject({ videoDeviceId: 'cam-2' });
    expect(read).not.toHaveProperty('audioDeviceId');
    expect(read).not.toHaveProperty('audioOutputId');
  });

  it('refuses ids longer than the limit and writes nothing', async () => {
    const t = uniqueTenantId();
    await expect(saveVideoSettings(db, t, 'u', { videoDeviceId: 'x'.repeat(MAX_DEVICE_ID_LENGTH + 1) })).rejects.toBeInstanceOf(ZodError);
    expect(await getVideoSettings(db, t, 'u')).toBeNull();
    await expect(saveVideoSettings(db, t, 'u', { videoDeviceId: 'x'.repeat(MAX_DEVICE_ID_LENGTH) })).resolves.toMatchObject({ videoDeviceId: 'x'.repeat(MAX_DEVICE_ID_LENGTH) });
  });

  it('keeps users and tenants apart', async () => {
    const a = uniqueTenantId('a');
    const b = uniqueTenantId('b');
    await saveVideoSettings(db, a, 'same-sub', { videoDeviceId: 'cam-a' });
    expect(await getVideoSettings(db, b, 'same-sub')).toBeNull();
    expect(await getVideoSettings(db, a, 'other-sub')).toBeNull();
    expect(videoSettingsKey(a, 'x')).toEqual({ pk: `T#${a}#USER#x`, sk: 'VIDEO_SETTINGS' });
  });
});
