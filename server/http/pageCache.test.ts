import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, rawRequest } from '#tests/support/raw-http';
import type { AppContext } from '../context';
import { RenderCache } from '../renderCache.server';
import { isStorablePage, PageCache } from './pageCache';

let server: Server;
let port: number;
const renders: string[] = [];

/** Answers like Remix does: a HEAD gets the page's headers and an empty body. */
async function remixLike(request: Request): Promise<Response> {
  renders.push(`${request.method} ${request.url}`);
  const url = new URL(request.url);
  const html = `<!doctype html><html><head><meta property="og:url" content="${url.origin}${url.pathname}"></head><body><h1>About</h1></body></html>`;
  return new Response(request.method === 'HEAD' ? null : html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

beforeAll(async () => {
  const pages = new PageCache(new RenderCache(60_000));
  const context = { tenant: { id: 'aurora' }, language: 'en' } as unknown as AppContext;
  const app = express();
  app.all('*', (req, res, next) => pages.serve(req, res, remixLike, context).catch(next));
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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
