// The reference points of bench/ssr: the same bytes as the page measured (BODY_FILE; else a
// synthetic page of BODY_BYTES) answered by bare Node (node:http, the default) or by a bare Express
// handler (BARE=express). The gzip and brotli copies are made once at start with the render
// cache's own settings and sent to clients that accept them, as a cache hit sends its stored copies.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import express from 'express';
import { compressPage } from '#server/renderCache.server';

const port = Number(process.env.PORT ?? 3411);
function syntheticPage(size: number): Buffer {
  // Text of some variety, so it compresses about as a page does (a run of one letter compresses to nothing).
  const words = ['event', 'live', 'ticket', 'speaker', 'channel', 'replay', 'schedule', 'stage', 'audience', 'room'];
  let filler = '';
  for (let i = 0; filler.length < size; i++) filler += `<p class="c${i % 37}">${words[i % 10]} ${words[(i * 7) % 10]} ${i}</p>`;
  return Buffer.from(`<!DOCTYPE html><html><body>${filler}</body></html>`.slice(0, size));
}
const body = process.env.BODY_FILE ? readFileSync(process.env.BODY_FILE) : syntheticPage(Number(process.env.BODY_BYTES ?? 60_000));
const { gzip, br } = await compressPage(body);

function pick(acceptEncoding: string | undefined): { bytes: Buffer; encoding?: string } {
  if (acceptEncoding?.includes('br')) return { bytes: br, encoding: 'br' };
  if (acceptEncoding?.includes('gzip')) return { bytes: gzip, encoding: 'gzip' };
  return { bytes: body };
}

if (process.env.BARE === 'express') {
  const app = express();
  app.disable('x-powered-by');
  app.get('*', (req, res) => {
    const { bytes, encoding } = pick(req.headers['accept-encoding']);
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.type('html').send(bytes);
  });
  app.listen(port, '127.0.0.1');
} else {
  http
    .createServer((req, res) => {
      const { bytes, encoding } = pick(req.headers['accept-encoding']);
      const headers: Record<string, string | number> = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': bytes.length };
      if (encoding) headers['Content-Encoding'] = encoding;
      res.writeHead(200, headers);
      res.end(bytes);
    })
    .listen(port, '127.0.0.1');
}
process.on('SIGTERM', () => process.exit(0));
