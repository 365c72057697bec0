/**
 * A bare HTTP/1.1 client over one keep-alive TCP connection, for the security suites. Unlike
 * fetch or Playwright's request API it sends exactly the bytes it is given (absolute-form request
 * lines, bad Host ports, NUL or CR/LF in a header, a broken multipart body), gives every request
 * a deadline, and can tell "no answer" apart from "answered and closed".
 */
import { connect, type Socket } from 'node:net';

export interface RawRequest {
  method: string;
  /** The request target as sent: origin-form ("/a?b"), absolute-form, anything. */
  target: string;
  headers: Array<[string, string]>;
  body?: Buffer | string;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** hung: no complete answer before the deadline; closed: the server closed without answering. */
export type Outcome = { kind: 'response'; response: RawResponse; keepAlive: boolean } | { kind: 'hung' } | { kind: 'closed'; error: string };

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

/** Serialises a request; header names and values go out byte for byte (latin1), as a hostile client would send them. */
export function encodeRequest(req: RawRequest): Buffer {
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
  const lines = [`${req.method} ${req.target} HTTP/1.1`];
  const names = new Set(req.headers.map(([k]) => k.toLowerCase()));
  for (const [k, v] of req.headers) lines.push(`${k}: ${v}`);
  if (body !== undefined && !names.has('content-length') && !names.has('transfer-encoding')) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body ? Buffer.concat([head, body]) : head;
}

/** Parses one response from the front of `buf`; null while it is incomplete. `untilClose` bodies complete only at EOF. */
function parseResponse(buf: Buffer, isHead: boolean, eof: boolean): { response: RawResponse; rest: Buffer; keepAlive: boolean } | null {
  let offset = 0;
  for (;;) {
    const end = buf.indexOf(HEAD_END, offset);
    if (end < 0) return null;
    const lines = buf.subarray(offset, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? NaN);
    if (!Number.isFinite(status)) throw new Error(`not an HTTP response: ${JSON.stringify(lines[0])}`);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const i = line.indexOf(':');
      if (i <= 0) continue;
      const name = line.slice(0, i).trim().toLowerCase();
      const value = line.slice(i + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    let pos = end + HEAD_END.length;
    if (status >= 100 && status < 200 && status !== 101) {
      offset = pos;
      continue;
    }
    const keepAlive = !/\bclose\b/i.test(headers.connection ?? '');
    if (isHead || status === 204 || status === 304 || status === 101) {
      return { response: { status, headers, body: Buffer.alloc(0) }, rest: buf.subarray(pos), keepAlive };
    }
    if (/\bchunked\b/i.test(headers['transfer-encoding'] ?? '')) {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = buf.indexOf(CRLF, pos);
        if (lineEnd < 0) return null;
        const size = parseInt(buf.subarray(pos, lineEnd).toString('latin1'), 16);
        if (!Number.isFinite(size)) throw new Error('bad chunk size');
        pos = lineEnd + 2;
        if (size === 0) {
          // Trailers (none expected) end with an empty line.
          const trailerEnd = buf.indexOf(CRLF, pos);
          if (trailerEnd < 0) return null;
          pos = trailerEnd + 2;
          return { response: { status, headers, body: Buffer.concat(parts) }, rest: buf.subarray(pos), keepAlive };
        }
        if (buf.length < pos + size + 2) return null;
        parts.push(buf.subarray(pos, pos + size));
        pos += size + 2;
      }
    }
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (buf.length < pos + length) return null;
      return { response: { status, headers, body: buf.subarray(pos, pos + length) }, rest: buf.subarray(pos + length), keepAlive };
    }
    // No length: the body runs to the end of the connection.
    if (!eof) return null;
    return { response: { status, headers, body: buf.subarray(pos) }, rest: Buffer.alloc(0), keepAlive: false };
  }
}

/** One client connection; reconnects by itself after a close. Requests on it run one at a time. */
export class HttpConnection {
  private socket: Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private eof = false;
  private waiter: (() => void) | null = null;
  /** The request awaiting its answer was a HEAD (its answer has no body). */
  private pendingHead = false;

  constructor(
    private readonly port: number,
    private readonly host = '127.0.0.1',
  ) {}

  /** Whether the connection is open and was left reusable by the last answer. */
  get open(): boolean {
    return this.socket !== null && !this.eof && !this.socket.destroyed;
  }

  private connectSocket(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port: this.port, host: this.host });
      socket.setNoDelay(true);
      this.socket = socket;
      this.buffer = Buffer.alloc(0);
      this.eof = false;
      // Events of a socket already replaced (closed after a hang) must not touch the new one.
      const current = () => this.socket === socket;
      socket.on('data', (chunk: Buffer) => {
        if (!current()) return;
        this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
        this.waiter?.();
      });
      const ended = () => {
        if (!current()) return;
        this.eof = true;
        this.waiter?.();
      };
      socket.on('end', ended);
      socket.on('close', ended);
      socket.on('error', ended);
      socket.once('connect', () => resolve());
      socket.once('error', reject);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  /**
   * Sends one request and reads its answer, within `timeoutMs`. A failed connection is dropped;
   * a hung one too, unless `keepIfHung` (then `receive` may wait on for the same answer).
   */
  async send(req: RawRequest, timeoutMs: number, { keepIfHung = false } = {}): Promise<Outcome> {
    if (!this.open) {
      this.close();
      try {
        await this.connectSocket();
      } catch (e) {
        return { kind: 'closed', error: `cannot connect: ${(e as Error).message}` };
      }
    }
    this.socket!.write(encodeRequest(req), () => {});
    this.pendingHead = req.method.toUpperCase() === 'HEAD';
    return this.receive(timeoutMs, { keepIfHung });
  }

  /** Reads the answer to the request sent last, within `timeoutMs`. */
  async receive(timeoutMs: number, { keepIfHung = false } = {}): Promise<Outcome> {
    const deadline = Date.now() + timeoutMs;
    try {
      for (;;) {
        const parsed = parseResponse(this.buffer, this.pendingHead, this.eof);
        if (parsed) {
          this.buffer = Buffer.from(parsed.rest);
          if (!parsed.keepAlive) this.close();
          return { kind: 'response', response: parsed.response, keepAlive: parsed.keepAlive };
        }
        if (this.eof || !this.socket) {
          this.close();
          return { kind: 'closed', error: this.buffer.length ? 'incomplete answer' : 'closed without an answer' };
        }
        const left = deadline - Date.now();
        if (left <= 0) {
          if (!keepIfHung) this.close();
          return { kind: 'hung' };
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          this.waiter = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.waiter = null;
      }
    } catch (e) {
      this.close();
      return { kind: 'closed', error: (e as Error).message };
    }
  }
}
