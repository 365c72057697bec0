/**
 * A GET with a Host header of the test's choosing (fetch replaces the Host it is given), over HTTP or,
 * with `tls`, HTTPS with that name as SNI and only `tls.ca` trusted.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface HostResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

export function getWithHost(url: string, host: string, options: { headers?: Record<string, string>; tls?: { ca?: string; servername: string }; timeoutMs?: number } = {}): Promise<HostResponse> {
  const { tls, timeoutMs = 20_000 } = options;
  const send = tls ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { headers: { ...options.headers, host }, timeout: timeoutMs, ...(tls ?? {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}
