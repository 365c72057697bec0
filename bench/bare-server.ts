// The reference point of bench/ssr: a bare Express handler answering a static string of a given size.
import express from 'express';

const size = Number(process.env.BODY_BYTES ?? 60_000);
const port = Number(process.env.PORT ?? 3411);
const body = `<!DOCTYPE html><html><body>${'x'.repeat(Math.max(0, size - 40))}</body></html>`;
const app = express();
app.disable('x-powered-by');
app.get('*', (_req, res) => {
  res.type('html').send(body);
});
app.listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
