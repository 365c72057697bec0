/**
 * HTTP for the simulated users: node:http to 127.0.0.1 with the tenant's Host header (Node cannot
 * resolve <tenant>.localhost), a deadline per request, and a load balancer in front of the two app
 * instances. Like a real one it sends each request to the next instance and, when an instance
 * refuses the connection (nothing was processed, so even a POST is safe to resend), to the other.
 */
import { request as httpRequest } from 'node:http';

export interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  /** The instance that answered. */
  port: number;
}

/** What went wrong below HTTP: refused (nothing listens), dropped (reset mid-request), hung (no answer in time). */
export class TransportError extends Error {
  constructor(
    readonly kind: 'refused' | 'dropped' | 'hung',
    message: string,
  ) {
    super(message);
  }
}

export interface Call {
  method?: string;
  path: string;
  host: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

export function send(port: number, call: Call): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = call.body === undefined ? undefined : Buffer.from(call.body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: call.path,
        method: call.method ?? 'GET',
        agent: false,
        headers: { Host: call.host, Connection: 'close', ...(body ? { 'Content-Length': String(body.length) } : {}), ...call.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers, port });
        });
        res.on('error', (e) => {
          clearTimeout(timer);
          reject(new TransportError('dropped', e.message));
        });
      },
    );
    const timeoutMs = call.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timer = setTimeout(() => {
      req.destroy();
      reject(new TransportError('hung', `no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new TransportError(e.code === 'ECONNREFUSED' ? 'refused' : 'dropped', `${e.code ?? ''} ${e.message}`.trim()));
    });
    req.end(body);
  });
}

/** Round robin over the instances; a refused connection goes to the next one (counted in `failovers`). */
export class Balancer {
  private next = 0;
  failovers = 0;

  constructor(readonly ports: number[]) {}

  async send(call: Call): Promise<Answer> {
    const first = this.next++ % this.ports.length;
    let last: unknown;
    for (let i = 0; i < this.ports.length; i++) {
      try {
        return await send(this.ports[(first + i) % this.ports.length]!, call);
      } catch (e) {
        if (!(e instanceof TransportError) || e.kind !== 'refused') throw e;
        this.failovers++;
        last = e;
      }
    }
    throw last;
  }
}

/** A form body. */
export const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
