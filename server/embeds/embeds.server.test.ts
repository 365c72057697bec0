import { randomBytes } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { testTenantId } from '#tests/support/tenants';
import { tenantSchema } from '#app/lib/config/tenant';
import { contentSecurityPolicy } from '#server/http/csp.server';
import { frameAncestorsFor, keepsSameOriginFraming } from './frame.server';
import { EMBED_SCRIPT } from './script.server';
import { embedSessionCookie, readEmbedSession, signEmbedSession } from './session.server';

const A = testTenantId('aurora');
const B = testTenantId('solana');
const user = { sub: 'u1', username: 'u1', email: 'a@example.com', emailVerified: true, groups: ['member'], givenName: 'Ana', familyName: null, fullName: null };

describe('frame-ancestors', () => {
  const tenant = { embed: { allowedOrigins: ['https://www.example.com', 'http://127.0.0.1:3391'] } };

  it('keeps every page but the embeds to this site', () => {
    expect(frameAncestorsFor('/preview', tenant)).toBeUndefined();
    expect(frameAncestorsFor('/embed/signIn', tenant)).toBeUndefined();
    expect(contentSecurityPolicy({})).toContain("frame-ancestors 'self';");
    expect(keepsSameOriginFraming('/preview')).toBe(true);
    expect(keepsSameOriginFraming('/embed/signIn')).toBe(true);
    expect(keepsSameOriginFraming('/embed/event')).toBe(false);
  });

  it("lets the tenant's allowed origins frame the embeds, and nobody when it lists none", () => {
    expect(contentSecurityPolicy({ frameAncestors: frameAncestorsFor('/embed/event', tenant) })).toContain('frame-ancestors https://www.example.com http://127.0.0.1:3391;');
    expect(contentSecurityPolicy({ frameAncestors: frameAncestorsFor('/embed/video', {}) })).toContain("frame-ancestors 'none';");
    expect(contentSecurityPolicy({ frameAncestors: frameAncestorsFor('/embed/video', { embed: { allowedOrigins: [] } }) })).toContain("frame-ancestors 'none';");
    expect(frameAncestorsFor('/embed/event', null)).toEqual([]);
  });

  it('validates the tenant setting through the tenant schema', () => {
    const base = tenantSchema.safeParse({});
    expect(base.success).toBe(false);
    const issues = (value: unknown) => {
      const r = tenantSchema.safeParse({ embed: value });
      return r.success ? [] : r.error.issues.filter((i) => i.path[0] === 'embed');
    };
    expect(issues({ allowedOrigins: ['https://www.example.com'] })).toEqual([]);
    expect(issues({ allowedOrigins: ['http://www.example.com'] })[0]?.message).toMatch(/https/);
    expect(issues({ allowedOrigins: ['https://www.example.com/x'] }).length).toBe(1);
  });
});

describe('embed session', () => {
  const secret = randomBytes(32);

  it('round-trips on its tenant only, until it expires', () => {
    const now = Date.now();
    const value = signEmbedSession(secret, A, user, now);
    expect(readEmbedSession(secret, A, value, now)).toEqual(user);
    expect(readEmbedSession(secret, B, value, now)).toBeNull();
    expect(readEmbedSession(randomBytes(32), A, value, now)).toBeNull();
    expect(readEmbedSession(secret, A, value, now + 61 * 60_000)).toBeNull();
  });

  it('refuses forged, tampered and malformed values', () => {
    const value = signEmbedSession(secret, A, user);
    const [payload, mac] = value.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ t: A, u: { ...user, groups: ['admin'] }, exp: 9e9 })).toString('base64url');
    expect(readEmbedSession(secret, A, `${forged}.${mac}`)).toBeNull();
    expect(readEmbedSession(secret, A, `${payload}.${mac}x`)).toBeNull();
    expect(readEmbedSession(secret, A, `${payload}.${mac}.x`)).toBeNull();
    for (const junk of ['', '.', 'abc', null, undefined, 'a'.repeat(5000)]) expect(readEmbedSession(secret, A, junk)).toBeNull();
  });

  it('is a partitioned, secure, HttpOnly cookie of one hour', () => {
    expect(embedSessionCookie('v')).toBe('embed_session=v; Path=/; Max-Age=3600; HttpOnly; Secure; SameSite=None; Partitioned');
    expect(embedSessionCookie('')).toContain('Max-Age=0');
  });
});

describe('/embed.js', () => {
  /** Runs the script in a fake host page with one embed iframe; returns the frame and the message listener. */
  function host() {
    const listeners: Record<string, (e: unknown) => void> = {};
    const told: unknown[][] = [];
    const contentWindow = { postMessage: (...args: unknown[]) => told.push(args) };
    const attrs: Record<string, string> = {};
    const loads: Array<() => void> = [];
    const frame = {
      src: 'https://live.example/embed/event?event=e1',
      contentWindow,
      style: { height: '', width: '' } as Record<string, string>,
      setAttribute: (k: string, v: string) => (attrs[k] = v),
      getAttribute: (k: string) => attrs[k] ?? null,
      addEventListener: (type: string, fn: () => void) => type === 'load' && loads.push(fn),
    };
    const document = {
      currentScript: { src: 'https://live.example/embed.js' },
      readyState: 'complete',
      querySelector: () => null,
      querySelectorAll: (sel: string) => (sel.startsWith('iframe') ? [frame] : []),
      addEventListener: () => undefined,
      createElement: () => ({}),
    };
    const window: Record<string, unknown> = { addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] = fn) };
    runInNewContext(EMBED_SCRIPT, { window, document, location: { href: 'https://shop.example/page' }, URL, Math, isFinite });
    return { frame, attrs, contentWindow, told, loads, message: listeners.message! };
  }

  const ASK = [{ type: 'platform-embed:ask' }, 'https://live.example'];

  it('asks its frame for its height when it starts and on each load of the frame, only of the site’s origin', () => {
    const { told, loads } = host();
    expect(told).toEqual([ASK]);
    expect(loads).toHaveLength(1);
    loads[0]!();
    expect(told).toEqual([ASK, ASK]);
  });

  it('sizes its frame from a height message of the site, clamped', () => {
    const { frame, attrs, contentWindow, told, message } = host();
    expect(frame.style.height).toBe('420px');
    message({ origin: 'https://live.example', source: contentWindow, data: { type: 'platform-embed:size', height: 612.2, signedIn: true } });
    expect(frame.style.height).toBe('613px');
    expect(attrs['data-signed-in']).toBe('true');
    // The frame learns the host page's address once, sent only to the site's origin.
    expect(told).toEqual([ASK, [{ type: 'platform-embed:host', href: 'https://shop.example/page' }, 'https://live.example']]);
    message({ origin: 'https://live.example', source: contentWindow, data: { type: 'platform-embed:size', height: 1e9 } });
    expect(frame.style.height).toBe('8000px');
  });

  it('ignores messages from another origin, another window or of another shape', () => {
    const { frame, contentWindow, told, message } = host();
    message({ origin: 'https://evil.example', source: contentWindow, data: { type: 'platform-embed:size', height: 900 } });
    message({ origin: 'https://live.example', source: {}, data: { type: 'platform-embed:size', height: 900 } });
    message({ origin: 'https://live.example', source: contentWindow, data: { type: 'platform-embed:size', height: '900' } });
    message({ origin: 'https://live.example', source: contentWindow, data: null });
    expect(frame.style.height).toBe('420px');
    expect(told).toEqual([ASK]);
  });
});
