/**
 * The server's one logger (docs/decisions/0049-logs-and-metrics.md): one JSON object per line on
 * stdout, `{ time, level, msg, requestId, tenant, ...fields }`. requestId and tenant come from the
 * request being handled (context.server.ts), so code at any depth needs no plumbing. Secrets,
 * cookies, tokens, email addresses and query strings are removed (redact.ts).
 *
 *  - Production: JSON on stdout, level LOG_LEVEL (default info), written asynchronously in batches.
 *  - Development on a terminal: a readable line per record.
 *  - Tests (vitest): JSON through console.log / warn / error, level warn, so tests stay as quiet
 *    as before and the console guard (tests/console-guard.ts) still fails a test on an error line.
 */
import pino from 'pino';
import { currentRequest } from './context.server';
import { redactValue, scrubText, serializeError } from './redact';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
type RecordLevel = Exclude<LogLevel, 'silent'>;
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface LogRecord {
  time: string;
  level: RecordLevel;
  msg: string;
  requestId?: string;
  tenant?: string;
  [field: string]: unknown;
}

/** Receives each line (JSON or readable) with its record. */
export type LogSink = (line: string, record: LogRecord) => void;

/** Lines are written once this many bytes wait, or FLUSH_MS after the last write, whichever comes first. */
const BATCH_BYTES = 4096;
const FLUSH_MS = 100;

/**
 * Standard output through pino's asynchronous destination (docs/decisions/0095): lines wait in a
 * buffer until BATCH_BYTES of them are there (about 20 access lines) or FLUSH_MS have passed, and
 * go out in one write that does not block the event loop, instead of one blocking write per line.
 * What is still buffered is written synchronously when the process exits.
 */
let stdoutDestination: ReturnType<typeof pino.destination> | undefined;
/** Lines were written since the last flush. */
let unflushed = false;
function stdout() {
  if (!stdoutDestination) {
    const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
    setInterval(() => {
      if (!unflushed) return;
      unflushed = false;
      destination.flush();
    }, FLUSH_MS).unref();
    process.once('exit', () => {
      try {
        destination.flushSync();
      } catch {
        /* standard output is gone: nothing left to write to */
      }
    });
    stdoutDestination = destination;
  }
  return stdoutDestination;
}
const stdoutSink: LogSink = (line) => {
  stdout().write(`${line}\n`);
  unflushed = true;
};
const consoleSink: LogSink = (line, record) => {
  if (record.level === 'error') console.error(line);
  else if (record.level === 'warn') console.warn(line);
  else console.log(line);
};

const underTest = process.env.VITEST === 'true';
const isLevel = (v: string | undefined): v is LogLevel => (LOG_LEVELS as readonly string[]).includes(v ?? '');

const settings: { level: LogLevel; format: 'json' | 'pretty'; sink: LogSink } = {
  level: isLevel(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : underTest ? 'warn' : 'info',
  format: 'json',
  sink: underTest ? consoleSink : stdoutSink,
};

/** Boot settings (server/index.ts): the level, and the readable form for development on a terminal. */
export function configureLogging(options: { level?: LogLevel; nodeEnv?: string }) {
  if (options.level) settings.level = options.level;
  settings.format = options.nodeEnv === 'development' && process.stdout.isTTY && !underTest ? 'pretty' : 'json';
}

/** Replaces where lines go (tests read them); returns a function that puts the previous sink and level back. */
export function captureLogs(sink: LogSink, level: LogLevel = 'debug'): () => void {
  const previous = { ...settings };
  settings.sink = sink;
  settings.level = level;
  settings.format = 'json';
  return () => Object.assign(settings, previous);
}

export function logEnabled(level: RecordLevel): boolean {
  return RANK[level] >= RANK[settings.level];
}

/** The fields of a record from the call's extra argument: an Error, an object of fields, or anything else as `detail`. */
function fieldsOf(extra: unknown): Record<string, unknown> {
  if (extra === undefined) return {};
  if (extra instanceof Error) return { error: serializeError(extra) };
  if (extra !== null && typeof extra === 'object' && !Array.isArray(extra)) return redactValue(extra) as Record<string, unknown>;
  return { detail: redactValue(extra) };
}

/** The readable form of a record (development on a terminal). */
export function prettyLine(record: LogRecord): string {
  const { time, level, msg, requestId, tenant, ...fields } = record;
  const rest = Object.entries(fields)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  const where = [tenant, requestId?.slice(0, 8)].filter(Boolean).join(' ');
  return `${time.slice(11, 23)} ${level.toUpperCase().padEnd(5)} ${msg}${rest ? ` ${rest}` : ''}${where ? ` [${where}]` : ''}`;
}

function write(level: RecordLevel, msg: string, extra?: unknown) {
  if (!logEnabled(level)) return;
  const request = currentRequest();
  const fields = fieldsOf(extra);
  const record: LogRecord = { time: new Date().toISOString(), level, msg: scrubText(msg) };
  if (request) {
    record.requestId = request.requestId;
    if (request.tenant) record.tenant = request.tenant;
  }
  for (const [k, v] of Object.entries(fields)) if (!(k in record)) record[k] = v;
  let line: string;
  try {
    line = settings.format === 'pretty' ? prettyLine(record) : JSON.stringify(record);
  } catch {
    line = JSON.stringify({ time: record.time, level, msg: record.msg, requestId: record.requestId, tenant: record.tenant, detail: '[unserialisable fields]' });
  }
  settings.sink(line, record);
}

export const log = {
  debug: (msg: string, extra?: unknown) => write('debug', msg, extra),
  info: (msg: string, extra?: unknown) => write('info', msg, extra),
  warn: (msg: string, extra?: unknown) => write('warn', msg, extra),
  error: (msg: string, extra?: unknown) => write('error', msg, extra),
};
