/**
 * HTTP/1.1 over a plain TCP socket, for what a browser or fetch never sends: an absolute-form
 * request line, an impossible Host, a chunked body, several requests on one keep-alive
 * connection. Node cannot resolve <slug>.localhost, so the socket goes to 127.0.0.1.
 * Shared by unit tests (server/http) and browser-stack tests (tests/e2e).
 */
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawExchange {
  responses: RawResponse[];
  /** The server closed the connection (after the responses above). */
  closed: boolean;
}

/** One parsed response from the front of `data`, or null while it is incomplete. */
function parseOne(data: Buffer, head: boolean): { response: RawResponse; rest: Buffer } | null {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const lines = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(lines[0]!.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let rest = data.subarray(end + 4);
  if (head || status === 204 || status === 304 || (status >= 100 && status < 200)) return { response: { status, headers, body: '' }, rest };
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const chunks: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd < 0) return null;
      const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
      if (rest.length < lineEnd + 2 + size + 2) return null;
      if (size === 0) return { response: { status, headers, body: Buffer.concat(chunks).toString('utf8') }, rest: rest.subarray(lineEnd + 4) };
      chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
  }
  const length = Number(headers['content-length'] ?? 0);
  if (rest.length < length) return null;
  return { response: { status, headers, body: rest.subarray(0, length).toString('utf8') }, rest: rest.subarray(length) };
}

/**
 * Writes `requests` back to back on one connection and reads until `expected` responses arrived
 * or the server closed the connection. A connection that neither answers nor closes within
 * `stallMs` is a stalled connection: the promise rejects and says so.
 */
export function rawExchange(
  port: number,
  requests: Array<string | Buffer>,
  options: { expected: number; heads?: boolean[]; stallMs?: number },
): Promise<RawExchange> {
  const { expected, heads = [], stallMs = 15_000 } = options;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buffer: Buffer = Buffer.alloc(0);
    const responses: RawResponse[] = [];
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses, closed });
    };
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      socket.destroy();
      reject(new Error(`the connection stalled: ${responses.length} of ${expected} responses (${responses.map((r) => r.status).join(', ')}) and no close within ${stallMs} ms`));
    }, stallMs);
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const parsed = parseOne(buffer, heads[responses.length] ?? false);
        if (!parsed) break;
        responses.push(parsed.response);
        buffer = parsed.rest;
      }
      if (responses.length >= expected) finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', (e) => {
      // A reset after the responses arrived is a close; before, it is the test's failure.
      if (responses.length) finish(true);
      else if (!done) {
        done = true;
        clearTimeout(timer);
        reject(e);
      }
    });
    socket.on('connect', () => {
      for (const r of requests) socket.write(r);
    });
  });
}

/** A request head (and optional body) with CRLF line ends; Content-Length is added for a body unless given. */
export function rawRequest(line: string, headers: Record<string, string>, body?: string | Buffer): Buffer {
  const all = { ...headers };
  if (body !== undefined && !Object.keys(all).some((k) => /^(content-length|transfer-encoding)$/i.test(k))) all['Content-Length'] = String(Buffer.byteLength(body));
  const head = `${line}\r\n${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;
  return body === undefined ? Buffer.from(head, 'latin1') : Buffer.concat([Buffer.from(head, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body)]);
}

/** A chunked body made of `count` chunks of `size` bytes each. */
export function chunkedBody(count: number, size: number, byte = 'a'): Buffer {
  const chunk = Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), Buffer.alloc(size, byte), Buffer.from('\r\n')]);
  return Buffer.concat([...Array.from({ length: count }, () => chunk), Buffer.from('0\r\n\r\n')]);
}
