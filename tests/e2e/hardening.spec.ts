/**
 * Holes of issue 10 closed at their root, checked against the built app over real HTTP:
 * the render cache (HEAD, Host variants), return addresses, bodies that are not forms, body size
 * caps and keep-alive behind unread bodies, impossible Host headers and absolute-form request lines.
 */
import type { APIRequestContext } from '@playwright/test';
import { E2E_PORT } from './stack';
import { seedEvent } from './events-helpers';
import { expect, tenantApi, test } from './fixtures';
import { waitForCode } from './identity';
import { chunkedBody, rawExchange, rawRequest } from '../support/raw-http';
import { createUser, sessionCookie } from './session-helpers';

const PORT = Number(process.env.E2E_PORT ?? E2E_PORT);
const HOST = `aurora.localhost:${PORT}`;
const ORIGIN = `http://${HOST}`;
const url = (path: string) => `http://127.0.0.1:${PORT}${path}`;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const ogUrl = (html: string) => /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1];

/** A return address is safe when it is a normalized path of this very origin. */
function expectSafeTarget(target: string | undefined, what: string) {
  expect(target, what).toBeDefined();
  const resolved = new URL(target!, `${ORIGIN}/`);
  expect(resolved.origin, `${what}: ${target}`).toBe(ORIGIN);
  expect(target, `${what} is a normalized path`).toBe(resolved.pathname + resolved.search + resolved.hash);
  expect(target!.startsWith('//') || target!.startsWith('/\\'), `${what}: ${target}`).toBe(false);
  expect([...target!].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f), `${what} has no control characters`).toBe(false);
}

/**
 * Every `redirectTo` the page hands on: in links and forms to other screens, and in its loader
 * data. A form posting back to the page itself carries the page's own query, which is no target.
 */
function redirectTargets(html: string, ownPath: string): string[] {
  const fromLinks = [...html.matchAll(/(?:href|action)="([^"]*)"/g)]
    .map((m) => new URL(m[1]!.replaceAll('&amp;', '&'), `${ORIGIN}/`))
    .filter((u) => u.origin === ORIGIN && u.pathname !== ownPath)
    .flatMap((u) => u.searchParams.getAll('redirectTo'));
  const fromData = [...html.matchAll(/"redirectTo":"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
  return [...fromLinks, ...fromData];
}

const HOSTILE_TARGETS = [
  '/..//evil.example',
  '/%2e%2e//evil.example',
  '//evil.example',
  '/\\evil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  `http://solana.localhost:${PORT}/aboutUs`,
  '//solana.localhost/aboutUs',
  'javascript:alert(1)',
  '/%0d%0aSet-Cookie:%20x=1',
  '/\t/evil.example',
  '/.%2e//evil.example',
];

test.describe('render cache', () => {
  test('a HEAD request never leaves an empty page in the cache', async ({ request }) => {
    const path = `/aboutUs?head=${unique()}`;
    const head = await request.fetch(url(path), { method: 'HEAD', headers: { Host: HOST } });
    expect(head.status()).toBe(200);
    expect(head.headers()['content-type']).toContain('text/html');
    for (let i = 0; i < 2; i++) {
      const page = await tenantApi(request, 'aurora').get(path);
      expect(page.status()).toBe(200);
      const html = await page.text();
      expect(html).toContain('</html>');
      expect(html).toContain('<h1');
    }
    // And a HEAD after a cached GET still has no body but the page's headers.
    const again = await request.fetch(url(path), { method: 'HEAD', headers: { Host: HOST } });
    expect(again.status()).toBe(200);
    expect((await again.body()).length).toBe(0);
  });

  test('a page rendered for another Host of the tenant names the tenant’s own site, never that host', async ({ request }) => {
    const path = `/features?og=${unique()}`;
    for (const variant of ['aurora.localhost:1', 'events.aurora-live.example', 'AURORA.localhost:9']) {
      const other = await request.get(url(path), { headers: { Host: variant } });
      expect(other.status(), variant).toBe(200);
      // Absolute addresses come from the tenant's configuration (docs/decisions/0062), whatever the Host.
      expect(ogUrl(await other.text()), variant).toBe(`${ORIGIN}/features`);
    }
    const page = await tenantApi(request, 'aurora').get(path);
    const html = await page.text();
    expect(ogUrl(html)).toBe(`${ORIGIN}/features`);
    expect(html).not.toMatch(/aurora\.localhost:1\/|aurora-live\.example|aurora\.localhost:9\//i);
  });

  test('an event page’s short link names the tenant’s own site, whatever Host the visitor used', async ({ request }) => {
    const organizer = await createUser('aurora', 'og-org', 'organizer');
    const event = await seedEvent('aurora', organizer);
    const path = `/preview?event=${event.eventId}`;
    const other = await request.get(url(path), { headers: { Host: 'aurora.localhost:2' } });
    expect(other.status()).toBe(200);
    const otherHtml = await other.text();
    expect(otherHtml).toContain(`${ORIGIN}/shortUrl?c=`);
    // Only the identity endpoint the page calls at once stays on the Host it was loaded from (docs/decisions/0062).
    expect(otherHtml.replaceAll('"http://aurora.localhost:2/api/identity"', '')).not.toContain('aurora.localhost:2');
    const html = await (await tenantApi(request, 'aurora').get(path)).text();
    expect(html).toContain(`${ORIGIN}/shortUrl?c=`);
    expect(html).not.toContain('aurora.localhost:2');
  });
});

test.describe('return addresses (one safe-redirect function)', () => {
  test('sign-in, signed in: every hostile redirectTo sends the user to a path of this site', async ({ request }) => {
    const cookie = await sessionCookie(request, await createUser('aurora', 'redir'));
    for (const target of HOSTILE_TARGETS) {
      const response = await tenantApi(request, 'aurora').get(`/signIn?redirectTo=${encodeURIComponent(target)}`, { headers: { Cookie: cookie }, maxRedirects: 0 });
      expect(response.status(), target).toBe(302);
      expectSafeTarget(response.headers().location, `Location for ${target}`);
      expect(response.headers().location, target).not.toContain('evil');
    }
    // A genuine return address survives.
    const fine = await tenantApi(request, 'aurora').get(`/signIn?redirectTo=${encodeURIComponent('/liveEvents?page=2')}`, { headers: { Cookie: cookie }, maxRedirects: 0 });
    expect(fine.headers().location).toBe('/liveEvents?page=2');
  });

  test('sign-in and two-factor screens, signed out: the links and data they render carry only safe targets', async ({ request }) => {
    for (const path of ['/signIn', '/signUp', '/twoFactorSignInVerify', '/guestVerification', '/socialSignIn', '/ssoSignInGoogle']) {
      for (const target of HOSTILE_TARGETS) {
        const response = await tenantApi(request, 'aurora').get(`${path}?redirectTo=${encodeURIComponent(target)}`, { maxRedirects: 0 });
        expect(response.status(), `${path} ${target}`).toBeLessThan(500);
        const html = await response.text();
        const found = redirectTargets(html, path);
        for (const each of found) expectSafeTarget(each, `${path} with ${target}`);
        expect(found.join(' '), `${path} ${target}`).not.toContain('evil');
      }
    }
  });

  test('changing the language returns to a path of this site only', async ({ request }) => {
    for (const target of HOSTILE_TARGETS) {
      const response = await tenantApi(request, 'aurora').post('/changeLanguage', { form: { language: 'en', redirectTo: target }, maxRedirects: 0 });
      expect(response.status(), target).toBe(302);
      expectSafeTarget(response.headers().location, `Location for ${target}`);
    }
  });

  test('guest verification returns to a path of this site only', async ({ request }) => {
    const email = `guest-${unique()}@aurora.test.example`;
    const asked = await tenantApi(request, 'aurora').post('/guestVerification', { form: { intent: 'request', name: 'Guest Redirect', email } });
    expect(asked.status()).toBe(200);
    const code = await waitForCode(email);
    const verified = await tenantApi(request, 'aurora').post('/guestVerification', {
      form: { intent: 'verify', email, code, redirectTo: '/..//evil.example' },
      maxRedirects: 0,
    });
    expect(verified.status()).toBe(302);
    expectSafeTarget(verified.headers().location, 'guest Location');
    expect(verified.headers().location).not.toContain('evil');
  });
});

/** Screens with an action that reads a form, and a session that gets each of them past its guard. */
const FORM_SCREENS = [
  '/changeLanguage',
  '/guestVerification',
  '/registerMe',
  '/customVideoSettings',
  '/scheduleEvents',
  '/testScheduler',
  '/contactUs',
  '/requestInfo',
  '/demoPage',
  '/teamDemoPage',
  '/liveEventsContainer',
];

async function organizerCookie(request: APIRequestContext) {
  return sessionCookie(request, await createUser('aurora', 'forms', 'organizer'));
}

test.describe('bodies that are not forms', () => {
  test('every form screen answers 415 to JSON, text or an untyped body', async ({ request }) => {
    const cookie = await organizerCookie(request);
    for (const path of FORM_SCREENS) {
      for (const [type, body] of [
        ['application/json', '{"language":"es","intent":"create"}'],
        ['text/plain', 'language=es'],
        [undefined, 'language=es'],
      ] as const) {
        const response = await tenantApi(request, 'aurora').post(path, { headers: { Cookie: cookie, ...(type ? { 'Content-Type': type } : {}) }, data: Buffer.from(body), maxRedirects: 0 });
        expect(response.status(), `${path} ${type}`).toBe(415);
        expect(await response.text(), `${path} ${type}`).toMatch(/form/i);
      }
    }
  });

  test('every form screen answers 400 to a multipart body that does not parse', async ({ request }) => {
    const cookie = await organizerCookie(request);
    for (const path of FORM_SCREENS) {
      for (const [type, body] of [
        ['multipart/form-data; boundary=xyz', 'this is not multipart at all'],
        ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated'],
        ['multipart/form-data', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n'],
      ] as const) {
        const response = await tenantApi(request, 'aurora').post(path, { headers: { Cookie: cookie, 'Content-Type': type }, data: Buffer.from(body), maxRedirects: 0 });
        expect(response.status(), `${path} ${type} ${body.slice(0, 20)}`).toBe(400);
        expect(await response.text()).toMatch(/form/i);
      }
    }
  });

  test('odd but well-formed form bodies never give a 5xx', async ({ request }) => {
    const cookie = await organizerCookie(request);
    for (const path of FORM_SCREENS) {
      for (const body of ['', '%zz=%%&&==&intent=%00', 'intent=create&title=\u0000\r\n', `x=${'é'.repeat(500)}`]) {
        const response = await tenantApi(request, 'aurora').post(path, {
          headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
          data: Buffer.from(body),
          maxRedirects: 0,
        });
        expect(response.status(), `${path} ${JSON.stringify(body.slice(0, 20))}`).toBeLessThan(500);
      }
    }
  });
});

test.describe('body size caps', () => {
  const big = Buffer.alloc(5 * 1024 * 1024, 'a');

  test('a 5 MB body is refused with 413 on a form screen and on the video webhook', async ({ request }) => {
    const form = await tenantApi(request, 'aurora').post('/contactUs', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, data: Buffer.concat([Buffer.from('message='), big]) });
    expect(form.status()).toBe(413);
    expect(await form.text()).toMatch(/too large/i);
    const hook = await tenantApi(request, 'aurora').post('/api/livekit/webhook', { headers: { 'Content-Type': 'application/webhook+json' }, data: big });
    expect(hook.status()).toBe(413);
    expect((await hook.json()).error).toBe('payloadTooLarge');
    expect((await tenantApi(request, 'aurora').get('/api/health')).status()).toBe(200);
  });

  test('a chunked body over the cap is refused with 413 and the connection keeps serving', async () => {
    for (const [path, type] of [
      ['/contactUs', 'application/x-www-form-urlencoded'],
      ['/api/livekit/webhook', 'application/webhook+json'],
    ] as const) {
      const { responses } = await rawExchange(
        PORT,
        [
          rawRequest(`POST ${path} HTTP/1.1`, { Host: HOST, 'Content-Type': type, 'Transfer-Encoding': 'chunked' }, chunkedBody(64, 16 * 1024)),
          rawRequest('GET /api/health HTTP/1.1', { Host: HOST }),
        ],
        { expected: 2 },
      );
      expect(responses.map((r) => r.status), path).toEqual([413, 200]);
    }
  });
});

test.describe('keep-alive behind a request whose body is not read', () => {
  const body = `message=${'b'.repeat(40 * 1024)}`;
  const cases: Array<[string, Buffer, number]> = [
    ['a GET with a body', rawRequest('GET /aboutUs HTTP/1.1', { Host: HOST, 'Content-Type': 'application/x-www-form-urlencoded' }, body), 200],
    ['a POST to a screen without an action', rawRequest('POST /aboutUs HTTP/1.1', { Host: HOST, 'Content-Type': 'application/x-www-form-urlencoded' }, body), 405],
    ['a cross-site POST', rawRequest('POST /contactUs HTTP/1.1', { Host: HOST, Origin: 'http://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' }, body), 403],
    ['a JSON POST to a form screen', rawRequest('POST /contactUs HTTP/1.1', { Host: HOST, 'Content-Type': 'application/json' }, `{"m":"${'c'.repeat(40 * 1024)}"}`), 415],
    ['a body over the cap', rawRequest('POST /contactUs HTTP/1.1', { Host: HOST, 'Content-Type': 'application/x-www-form-urlencoded' }, `message=${'d'.repeat(300 * 1024)}`), 413],
    ['a 5 MB body', rawRequest('POST /api/livekit/webhook HTTP/1.1', { Host: HOST, 'Content-Type': 'application/webhook+json' }, Buffer.alloc(5 * 1024 * 1024, 'e')), 413],
    ['a POST to an unknown site', rawRequest('POST /contactUs HTTP/1.1', { Host: `nowhere.example:${PORT}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body), 404],
    ['an identity call that is not JSON', rawRequest('POST /api/identity HTTP/1.1', { Host: HOST, 'Content-Type': 'text/plain', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' }, body), 415],
  ];
  for (const [name, first, status] of cases) {
    test(`${name} (${status}) leaves the connection serving the next request`, async () => {
      const { responses } = await rawExchange(PORT, [first, rawRequest('GET /api/health HTTP/1.1', { Host: HOST })], { expected: 2 });
      expect(responses.map((r) => r.status)).toEqual([status, 200]);
    });
  }
});

test.describe('request lines and Host headers the server cannot use', () => {
  test('a Host with an impossible port answers 400', async () => {
    for (const host of ['aurora.localhost:99999', 'aurora.localhost:0', 'aurora.localhost:abc', 'aurora.localhost:', '[::1', 'aurora.localhost:3350:1']) {
      const { responses } = await rawExchange(PORT, [rawRequest('GET /aboutUs HTTP/1.1', { Host: host, Connection: 'close' })], { expected: 1 });
      expect(responses[0]?.status, host).toBe(400);
      expect(responses[0]?.body, host).toMatch(/Host/);
    }
  });

  test('an absolute-form request line answers 400', async () => {
    for (const line of [`GET http://solana.localhost:${PORT}/aboutUs HTTP/1.1`, `POST http://aurora.localhost:${PORT}/contactUs HTTP/1.1`, 'GET aurora.localhost/aboutUs HTTP/1.1']) {
      const { responses } = await rawExchange(PORT, [rawRequest(line, { Host: HOST, Connection: 'close', 'Content-Length': '0' })], { expected: 1 });
      expect(responses[0]?.status, line).toBe(400);
      expect(responses[0]?.body, line).not.toContain('Solana');
    }
  });

  test('the server keeps answering after them', async ({ request }) => {
    expect((await tenantApi(request, 'aurora').get('/api/health')).status()).toBe(200);
  });
});
