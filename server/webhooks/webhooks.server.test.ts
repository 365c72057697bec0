import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { attemptsFor, backoffMs, DEFAULT_RETRY_DELAYS_S, retryDelaysMs } from './schedule.server';
import { newWebhookSecret, isWebhookSecret, signedHeaders, verifySignature } from './signing.server';
import { checkWebhookUrl } from './urlRules.server';
import { webhookSettings } from './settings.server';
import { attendanceData, registrationData } from './payloads.server';
import { newMessageId } from './ids.server';
import { webhookRequestSchema } from '#app/lib/webhooks/model';
import { sendOnce } from './send.server';

describe('signatures (Standard Webhooks)', () => {
  it('makes whsec_ secrets of 24 random bytes', () => {
    const a = newWebhookSecret();
    expect(isWebhookSecret(a)).toBe(true);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it('signs so that the standardwebhooks library verifies it', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'registration.created', timestamp: new Date().toISOString(), data: { eventId: 'e1' } });
    const headers = signedHeaders(secret, newMessageId(), body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(verifySignature(secret, headers, body)).toBe(true);
  });

  it('fails verification when the body, the id, the time or the secret differ', () => {
    const secret = newWebhookSecret();
    const body = '{"type":"order.paid","timestamp":"2026-11-30T00:00:00.000Z","data":{}}';
    const headers = signedHeaders(secret, 'msg_abc0000000000000000000', body);
    const wh = new Webhook(secret);
    expect(() => wh.verify(`${body} `, headers)).toThrow();
    expect(() => wh.verify(body, { ...headers, 'webhook-id': 'msg_other000000000000000000' })).toThrow();
    expect(() => wh.verify(body, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) })).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(verifySignature(newWebhookSecret(), headers, body)).toBe(false);
  });

  it('puts a timestamp the library accepts only within its tolerance', () => {
    const secret = newWebhookSecret();
    const old = signedHeaders(secret, 'msg_abc0000000000000000000', '{}', Date.now() - 10 * 60_000);
    expect(() => new Webhook(secret).verify('{}', old)).toThrow();
  });
});

describe('the retry schedule', () => {
  it('is Standard Webhooks’ schedule within 24 hours by default: 8 attempts, growing gaps', () => {
    const delays = retryDelaysMs(undefined);
    expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 21_600_000]);
    expect(attemptsFor(delays)).toBe(8);
    const total = delays.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(24 * 3_600_000);
    expect(total).toBeGreaterThan(23 * 3_600_000);
    expect(DEFAULT_RETRY_DELAYS_S).toHaveLength(7);
  });

  it('gives each retry its delay in order, the last one for any retry past the end', () => {
    const delays = retryDelaysMs('1,2,4');
    expect(delays).toEqual([1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((n) => backoffMs(delays, n))).toEqual([1000, 2000, 4000, 4000]);
    expect(backoffMs([], 1)).toBe(0);
  });

  it('is read from WEBHOOK_RETRY_SCHEDULE, and a malformed one is refused', () => {
    expect(webhookSettings({ WEBHOOK_RETRY_SCHEDULE: '0.5,1' }).retryDelaysMs).toEqual([500, 1000]);
    expect(() => webhookSettings({ WEBHOOK_RETRY_SCHEDULE: '1,,2' })).toThrow();
    expect(() => webhookSettings({ WEBHOOK_RETRY_SCHEDULE: '-1' })).toThrow();
    expect(webhookSettings({}).allowLocal).toBe(false);
    expect(webhookSettings({ WEBHOOK_ALLOW_LOCAL: 'true' }).allowLocal).toBe(true);
  });
});

describe('where a webhook may go', () => {
  const resolve = (answers: Record<string, string[]>) => async (host: string) => {
    const found = answers[host];
    if (!found) throw new Error('ENOTFOUND');
    return found;
  };
  const production = { resolve: resolve({ 'hooks.example.com': ['93.184.215.14'], 'rebind.example.com': ['10.0.0.5'], 'mixed.example.com': ['93.184.215.14', '127.0.0.1'] }), allowLocal: false };
  const local = { ...production, allowLocal: true };

  it('accepts https on a public address', async () => {
    const verdict = await checkWebhookUrl('https://hooks.example.com/in?x=1', production);
    expect(verdict.ok && verdict.url.href).toBe('https://hooks.example.com/in?x=1');
  });

  it('refuses http, other schemes, credentials and nonsense outside the local stack', async () => {
    expect(await checkWebhookUrl('http://hooks.example.com/in', production)).toEqual({ ok: false, problem: 'https' });
    expect(await checkWebhookUrl('ftp://hooks.example.com/in', production)).toEqual({ ok: false, problem: 'invalid' });
    expect(await checkWebhookUrl('https://user:pw@hooks.example.com/', production)).toEqual({ ok: false, problem: 'credentials' });
    expect(await checkWebhookUrl('not a url', production)).toEqual({ ok: false, problem: 'invalid' });
    expect(await checkWebhookUrl('https://nowhere.example.com/', production)).toEqual({ ok: false, problem: 'unresolvable' });
  });

  it('refuses loopback, private, link-local and metadata addresses, written or resolved', async () => {
    for (const url of ['https://127.0.0.1/', 'https://[::1]/', 'https://localhost/', 'https://10.1.2.3/', 'https://192.168.0.10/', 'https://169.254.169.254/latest', 'https://[fe80::1]/', 'https://2130706433/', 'https://rebind.example.com/', 'https://mixed.example.com/']) {
      expect((await checkWebhookUrl(url, production)).ok, url).toBe(false);
    }
  });

  it('on the local stack accepts http and loopback, and still refuses private and link-local', async () => {
    expect((await checkWebhookUrl('http://127.0.0.1:4567/hook', local)).ok).toBe(true);
    expect((await checkWebhookUrl('http://localhost:4567/hook', { ...local, resolve: resolve({ localhost: ['127.0.0.1'] }) })).ok).toBe(true);
    expect((await checkWebhookUrl('http://10.1.2.3/', local)).ok).toBe(false);
    expect((await checkWebhookUrl('http://169.254.169.254/', local)).ok).toBe(false);
  });
});

describe('payloads', () => {
  it('carry ids and useful fields only', () => {
    expect(registrationData({ eventId: 'e1', eventTitle: 'Launch', userId: 'u1', email: 'a@example.com', source: 'free' })).toEqual({ eventId: 'e1', eventTitle: 'Launch', attendee: { userId: 'u1', email: 'a@example.com' }, source: 'free' });
  });

  it('sum up attendance, and say nothing when nobody came', () => {
    const records = [
      { identity: 'a', action: 'joined' as const, at: '2026-11-30T10:00:00Z' },
      { identity: 'b', action: 'joined' as const, at: '2026-11-30T10:01:00Z' },
      { identity: 'a', action: 'left' as const, at: '2026-11-30T10:30:00Z' },
      { identity: 'a', action: 'joined' as const, at: '2026-11-30T10:31:00Z' },
    ];
    expect(attendanceData({ eventId: 'e1', title: 'T' }, records, '2026-11-30T11:00:00Z')).toEqual({ eventId: 'e1', eventTitle: 'T', attendees: 2, joins: 3, firstJoinAt: '2026-11-30T10:00:00Z', lastActivityAt: '2026-11-30T10:31:00Z', endedAt: '2026-11-30T11:00:00Z' });
    expect(attendanceData({ eventId: 'e1', title: 'T' }, [], 'x')).toBeNull();
  });
});

describe('the admin API’s input', () => {
  it('takes known intents and event types only', () => {
    expect(webhookRequestSchema.safeParse({ intent: 'create', url: 'https://x.example.com', events: ['registration.created'] }).success).toBe(true);
    expect(webhookRequestSchema.safeParse({ intent: 'create', url: 'https://x.example.com', events: [] }).success).toBe(false);
    expect(webhookRequestSchema.safeParse({ intent: 'create', url: 'https://x.example.com', events: ['user.deleted'] }).success).toBe(false);
    expect(webhookRequestSchema.safeParse({ intent: 'resend', endpointId: 'ep_x', messageId: 'msg_1' }).success).toBe(false);
    expect(webhookRequestSchema.safeParse({ intent: 'drop' }).success).toBe(false);
  });

  it('message ids sort by time', () => {
    const a = newMessageId(1_000_000);
    const b = newMessageId(2_000_000);
    expect(a < b).toBe(true);
    expect(a).toMatch(/^msg_[a-z0-9]{26}$/);
  });
});

describe('each attempt checks the addresses it connects to', () => {
  const input = { secret: newWebhookSecret(), messageId: 'msg_00000000000000000000', body: '{}' };
  it('refuses a name that resolves to loopback outside the local stack, before connecting', async () => {
    const attempt = await sendOnce({ ...input, url: 'http://localhost:9/hook', allowLocal: false });
    expect(attempt).toMatchObject({ error: 'address not allowed' });
    expect(attempt.status).toBeUndefined();
  });

  it('refuses a private address written in the URL even on the local stack', async () => {
    expect(await sendOnce({ ...input, url: 'http://192.168.1.1:9/hook', allowLocal: true })).toMatchObject({ error: 'address not allowed' });
    expect(await sendOnce({ ...input, url: 'http://0x7f000001:9/hook', allowLocal: false })).toMatchObject({ error: 'address not allowed' });
  });
});
