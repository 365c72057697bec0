import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { currentRequest, requestIdFrom, runInRequest } from './context.server';
import { captureLogs, log, prettyLine, type LogRecord } from './log.server';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function capture(level: Parameters<typeof captureLogs>[1] = 'debug') {
  const lines: Array<{ line: string; record: LogRecord }> = [];
  restore = captureLogs((line, record) => lines.push({ line, record }), level);
  return lines;
}

describe('log', () => {
  it('writes one JSON object per line with time, level and message', () => {
    const lines = capture();
    log.info('server listening on http://localhost:3000 (production)', { port: 3000 });
    expect(lines).toHaveLength(1);
    const parsed = JSON.parse(lines[0].line);
    expect(parsed).toEqual({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), level: 'info', msg: 'server listening on http://localhost:3000 (production)', port: 3000 });
    expect(lines[0].line).not.toContain('\n');
  });

  it('adds the request id and tenant of the request being handled, also after awaits', async () => {
    const lines = capture();
    await runInRequest({ requestId: 'req-1', tenant: 'aurora' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.warn('[chat] presence join failed: timeout');
    });
    log.warn('outside any request');
    expect(lines.map((l) => l.record)).toMatchObject([
      { level: 'warn', msg: '[chat] presence join failed: timeout', requestId: 'req-1', tenant: 'aurora' },
      { level: 'warn', msg: 'outside any request' },
    ]);
    expect(lines[1].record).not.toHaveProperty('requestId');
    expect(currentRequest()).toBeUndefined();
  });

  it('takes an Error, an object of fields or any value as the second argument', () => {
    const lines = capture();
    log.error('listing featured events failed', new TypeError('boom'));
    log.error('identity gateway failed', { operation: 'SignUp', error: new Error('down') });
    log.warn('[photo] the picker could not list the library', 'plain');
    expect(lines[0].record).toMatchObject({ error: { name: 'TypeError', message: 'boom', stack: expect.stringContaining('TypeError: boom') } });
    expect(lines[1].record).toMatchObject({ operation: 'SignUp', error: { name: 'Error', message: 'down' } });
    expect(lines[2].record).toMatchObject({ detail: 'plain' });
  });

  it('never lets fields replace the record’s own keys', () => {
    const lines = capture();
    runInRequest({ requestId: 'req-2', tenant: 'aurora' }, () => log.info('request', { level: 'x', requestId: 'forged', tenant: 'solana', route: '/' }));
    expect(lines[0].record).toMatchObject({ level: 'info', requestId: 'req-2', tenant: 'aurora', route: '/' });
  });

  it('removes cookies, tokens, email addresses and query strings from messages and fields', () => {
    const lines = capture();
    log.error('sign-up profile for ana@example.com not saved: GET /x?code=991 failed', { cookie: 'sid=abc', headers: { authorization: 'Bearer abc' }, to: 'ana@example.com' });
    const line = lines[0].line;
    for (const secret of ['ana@example.com', 'code=991', 'sid=abc', 'Bearer abc']) expect(line).not.toContain(secret);
    expect(lines[0].record.msg).toBe('sign-up profile for [email] not saved: GET /x?[query] failed');
  });

  it('writes nothing below the level', () => {
    const lines = capture('warn');
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');
    expect(lines.map((l) => l.record.level)).toEqual(['warn', 'error']);
  });
});

describe('prettyLine (development on a terminal)', () => {
  it('puts time, level, message, fields and the request on one readable line', () => {
    const line = prettyLine({ time: '2026-11-25T00:31:02.417Z', level: 'info', msg: 'request', requestId: '2f0c3e4a-9d1b', tenant: 'aurora', route: '/aboutUs', status: 200, extra: { a: 1 } });
    expect(line).toBe('00:31:02.417 INFO  request route=/aboutUs status=200 extra={"a":1} [aurora 2f0c3e4a]');
  });
});

describe('requestIdFrom', () => {
  it('keeps a short safe token', () => {
    expect(requestIdFrom('edge-7d1c0a')).toBe('edge-7d1c0a');
    expect(requestIdFrom('Root=1-67891233-abcdef012345678912345678'.replace(/[=]/g, '.'))).toBe('Root.1-67891233-abcdef012345678912345678');
    expect(requestIdFrom(['first_1', 'second'])).toBe('first_1');
  });

  it('makes a new id for a missing, long or unsafe one', () => {
    for (const unsafe of [undefined, '', 'a b', '<x>', 'x'.repeat(65), '-leading', 'line\nbreak', '{"json":1}']) {
      expect(requestIdFrom(unsafe)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});

describe('standard output', () => {
  it('writes every line, in order, in batches, and what is buffered when the process exits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'log-stdout-'));
    const script = join(dir, 'lines.ts');
    // 500 access-like lines at once (batched), one more after a pause (the timed flush), then exit at once.
    writeFileSync(
      script,
      `import { log } from ${JSON.stringify(fileURLToPath(new URL('./log.server.ts', import.meta.url)))};
for (let i = 0; i < 500; i++) log.info('request', { i, path: '/aboutUs' });
setTimeout(() => log.info('later'), 300);
setTimeout(() => { log.error('last'); process.exit(0); }, 600);`,
    );
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info' };
    delete env.VITEST;
    const child = spawn(process.execPath, ['--import', 'tsx', script], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    let laterSeenBeforeExit = false;
    child.stdout.on('data', (c: Buffer) => {
      chunks.push(c);
      if (c.includes('"later"') && !Buffer.concat(chunks).includes('"last"')) laterSeenBeforeExit = true;
    });
    await new Promise((resolve) => child.on('close', resolve));
    rmSync(dir, { recursive: true, force: true });
    const records = Buffer.concat(chunks)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as LogRecord);
    expect(records).toHaveLength(502);
    expect(records.slice(0, 500).map((r) => r.i)).toEqual([...Array(500).keys()]);
    expect(records.map((r) => r.msg).slice(-2)).toEqual(['later', 'last']);
    // Batched: far fewer reads than lines. The lone line came out on its own, before exit.
    expect(chunks.length).toBeLessThan(100);
    expect(laterSeenBeforeExit).toBe(true);
  }, 60_000);
});
