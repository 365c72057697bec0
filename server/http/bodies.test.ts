import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkedBody, rawExchange, rawRequest } from '#tests/support/raw-http';
import { readBodies, requestBody } from './bodies';

let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(
    readBodies({
      limitFor: (path) => (path === '/big' ? 8192 : 1024),
      refuse: (_req, res, limit) => void res.status(413).type('text').send(`at most ${limit}`),
      drainBytes: 64 * 1024,
    }),
  );
  app.post(['/echo', '/big'], (req, res) => void res.type('text').send(`read ${requestBody(req)?.length ?? 'none'}`));
  // Answers without looking at the body, like a CSRF refusal or a screen without an action.
  app.all('/ignore', (_req, res) => void res.status(403).type('text').send('refused'));
  app.get('/next', (_req, res) => void res.type('text').send('next'));
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const next = () => rawRequest('GET /next HTTP/1.1', { Host: 'x' });

describe('readBodies', () => {
  it('reads bodies up to the path’s cap and hands them on', async () => {
    const { responses } = await rawExchange(port, [rawRequest('POST /echo HTTP/1.1', { Host: 'x' }, 'a'.repeat(1024)), rawRequest('POST /big HTTP/1.1', { Host: 'x' }, 'b'.repeat(8192)), next()], { expected: 3 });
    expect(responses.map((r) => r.body)).toEqual(['read 1024', 'read 8192', 'next']);
  });

  it('refuses a declared length over the cap with 413 and keeps the connection serving', async () => {
    const { responses } = await rawExchange(port, [rawRequest('POST /echo HTTP/1.1', { Host: 'x' }, 'a'.repeat(1025)), next()], { expected: 2 });
    expect(responses.map((r) => [r.status, r.body])).toEqual([
      [413, 'at most 1024'],
      [200, 'next'],
    ]);
  });

  it('refuses a chunked body once it passes the cap, and keeps the connection serving', async () => {
    const { responses } = await rawExchange(port, [rawRequest('POST /echo HTTP/1.1', { Host: 'x', 'Transfer-Encoding': 'chunked' }, chunkedBody(8, 512)), next()], { expected: 2 });
    expect(responses.map((r) => r.status)).toEqual([413, 200]);
  });

  it('closes the connection instead of reading a refused body past the drain budget', async () => {
    const declared = await rawExchange(port, [rawRequest('POST /echo HTTP/1.1', { Host: 'x' }, Buffer.alloc(256 * 1024, 'a')), next()], { expected: 2 });
    expect(declared.responses.map((r) => r.status)).toEqual([413]);
    expect(declared.responses[0]!.headers.connection).toBe('close');
    expect(declared.closed).toBe(true);
    const chunked = await rawExchange(port, [rawRequest('POST /echo HTTP/1.1', { Host: 'x', 'Transfer-Encoding': 'chunked' }, chunkedBody(32, 4096)), next()], { expected: 2 });
    expect(chunked.responses.map((r) => r.status)).toEqual([413]);
    expect(chunked.closed).toBe(true);
  });

  it('never leaves an unread body in front of the next request', async () => {
    for (const first of [
      rawRequest('POST /ignore HTTP/1.1', { Host: 'x' }, 'c'.repeat(1000)),
      rawRequest('GET /next HTTP/1.1', { Host: 'x' }, 'd'.repeat(1000)),
      rawRequest('POST /ignore HTTP/1.1', { Host: 'x', 'Transfer-Encoding': 'chunked' }, chunkedBody(2, 400)),
    ]) {
      const { responses } = await rawExchange(port, [first, next()], { expected: 2 });
      expect(responses.map((r) => r.body)[1]).toBe('next');
    }
  });
});
