import type { AddressInfo } from 'node:net';
import { request, type Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, rawRequest } from '#tests/support/raw-http';
import type { AppContext } from '../context';
import { isAnonymousRequest, RenderCache } from '../renderCache.server';
import { sendFetchResponse, toFetchRequest } from './fetchRequest';
import { isStorablePage, PageCache } from './pageCache';

let server: Server;
let port: number;
const renders: string[] = [];

/** Answers like Remix does: a HEAD gets the page's headers and an empty body. */
async function remixLike(request: Request): Promise<Response> {
  renders.push(`${request.method} ${request.url}`);
  const url = new URL(request.url);
  const filler = url.searchParams.has('long') ? '<p>Live events, tickets and replays.</p>'.repeat(100) : '';
  const html = `<!doctype html><html><head><meta property="og:url" content="${url.origin}${url.pathname}"></head><body><h1>About</h1>${filler}</body></html>`;
  return new Response(request.method === 'HEAD' ? null : html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

beforeAll(async () => {
  const pages = new PageCache(new RenderCache(60_000));
  const context = { tenant: { id: 'aurora' }, language: 'en' } as unknown as AppContext;
  const app = express();
  // A fresh page is answered early, as server/app.ts does; the rest go through serve.
  app.use((req, res, next) => (pages.answerFresh(req, res, PageCache.keyOf(req, 'aurora', 'en')) ? undefined : next()));
  app.all('*', (req, res, next) => {
    if (isAnonymousRequest(req.method, req.headers.cookie, req.headers.authorization)) pages.serve(req, res, remixLike, context).catch(next);
    else remixLike(toFetchRequest(req, res)).then((response) => sendFetchResponse(res, response), next);
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A request whose answer keeps its bytes as sent (compressed bodies). */
function exchange(path: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { Host: 'aurora.localhost:3000', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A page large enough to be compressed, stored and its copies ready. */
async function storedPage(path: string) {
  const first = await exchange(path, {});
  expect(first.headers['x-render-cache']).toBe('MISS');
  await new Promise((resolve) => setTimeout(resolve, 200));
  return first.body;
}

const get = (path: string, host: string, method = 'GET') => rawRequest(`${method} ${path} HTTP/1.1`, { Host: host });

describe('PageCache', () => {
  it('answers a HEAD from a GET render, so the next GET gets the whole page', async () => {
    const { responses } = await rawExchange(port, [get('/aboutUs?x=1', 'aurora.localhost:3000', 'HEAD'), get('/aboutUs?x=1', 'aurora.localhost:3000')], { expected: 2, heads: [true, false] });
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(responses[0]!.headers['x-render-cache']).toBe('MISS');
    expect(Number(responses[0]!.headers['content-length'])).toBeGreaterThan(0);
    expect(responses[1]!.headers['x-render-cache']).toBe('HIT');
    expect(responses[1]!.body).toContain('<h1>About</h1>');
    expect(renders.filter((r) => r.includes('/aboutUs?x=1'))).toEqual(['GET http://aurora.localhost:3000/aboutUs?x=1']);
  });

  it('keeps one entry per request origin: a Host variant never leaks its host into another origin’s page', async () => {
    const { responses } = await rawExchange(port, [get('/features', 'aurora.localhost:1'), get('/features', 'aurora.localhost:3000'), get('/features', 'AURORA.localhost:3000')], { expected: 3 });
    expect(responses[0]!.body).toContain('content="http://aurora.localhost:1/features"');
    expect(responses[1]!.body).toContain('content="http://aurora.localhost:3000/features"');
    expect(responses[1]!.headers['x-render-cache']).toBe('MISS');
    // The same origin in another spelling is the same entry.
    expect(responses[2]!.headers['x-render-cache']).toBe('HIT');
  });

  it('answers each client in the best stored coding it accepts, with that copy’s length and ETag', async () => {
    const plain = await storedPage('/pricing?long=1');
    const br = await exchange('/pricing?long=1', { 'Accept-Encoding': 'gzip, deflate, br' });
    const gzip = await exchange('/pricing?long=1', { 'Accept-Encoding': 'gzip' });
    const none = await exchange('/pricing?long=1', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect([br.headers['x-render-cache'], gzip.headers['x-render-cache'], none.headers['x-render-cache']]).toEqual(['HIT', 'HIT', 'HIT']);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain)).toBe(true);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.equals(plain)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.length);
    for (const answer of [br, gzip, none]) expect(answer.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
    expect(new Set([br.headers.etag, gzip.headers.etag, none.headers.etag]).size).toBe(3);
  });

  it('answers 304 to the ETag of the copy it would send, and a HEAD with that copy’s headers only', async () => {
    await storedPage('/pricing?long=2');
    const br = await exchange('/pricing?long=2', { 'Accept-Encoding': 'br' });
    const again = await exchange('/pricing?long=2', { 'Accept-Encoding': 'br', 'If-None-Match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    // The brotli copy's validator does not stand for the gzip copy.
    const other = await exchange('/pricing?long=2', { 'Accept-Encoding': 'gzip', 'If-None-Match': String(br.headers.etag) });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
    const head = await exchange('/pricing?long=2', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(br.body.length);
  });

  it('never answers a signed-in visitor from the cache', async () => {
    await storedPage('/pricing?long=3');
    const personal = await exchange('/pricing?long=3', { Cookie: 'session=abc' });
    expect(personal.headers['x-render-cache']).toBeUndefined();
    expect(renders.filter((r) => r.endsWith('/pricing?long=3'))).toHaveLength(2);
  });

  it('stores only complete GET pages', () => {
    const html = (init?: ResponseInit) => new Response('<p>x</p>', { status: 200, headers: { 'Content-Type': 'text/html' }, ...init });
    expect(isStorablePage('GET', html())).toBe(true);
    expect(isStorablePage('HEAD', html())).toBe(false);
    expect(isStorablePage('GET', html({ status: 404 }))).toBe(false);
    expect(isStorablePage('GET', new Response('{}', { headers: { 'Content-Type': 'application/json' } }))).toBe(false);
    expect(isStorablePage('GET', html({ headers: { 'Content-Type': 'text/html', 'Cache-Control': 'private, no-store' } }))).toBe(false);
    expect(isStorablePage('GET', html({ headers: { 'Content-Type': 'text/html', 'Set-Cookie': 'a=b' } }))).toBe(false);
  });
});
