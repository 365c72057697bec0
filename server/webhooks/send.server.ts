/**
 * One delivery attempt (docs/decisions/0088): POST the stored body with fresh Standard Webhooks
 * headers, 10 s for the whole exchange, no redirects followed. The connection resolves the host
 * itself through a lookup that refuses any address outside the URL rule (DNS rebinding: a name
 * that passed the form's check and now points inside is refused here, at the socket).
 */
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { numericIpv4, placeOfAddress } from '#server/platform/net/outsideAddress.server';
import type { DeliveryAttempt } from '#app/lib/webhooks/model';
import { signedHeaders } from './signing.server';

export const SEND_TIMEOUT_MS = 10_000;
/** Bytes of the receiver's answer read (and dropped): enough to finish the exchange, never a flood. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface SendInput {
  url: string;
  secret: string;
  messageId: string;
  body: string;
  allowLocal: boolean;
  timeoutMs?: number;
  now?: number;
}

const allowedAddress = (address: string, allowLocal: boolean) => {
  const place = placeOfAddress(address);
  return place === 'outside' || (allowLocal && place === 'loopback');
};

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A dns.lookup that answers only addresses the rule allows (every one of them, or an error). */
export function guardedLookup(allowLocal: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      if (list.length === 0 || !list.every((a) => allowedAddress(a.address, allowLocal))) {
        return callback(Object.assign(new Error(`${hostname} resolves to an address webhooks may not reach`), { code: 'EADDRNOTALLOWED' }), '');
      }
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export async function sendOnce(input: SendInput): Promise<DeliveryAttempt> {
  const started = Date.now();
  const at = new Date(input.now ?? started).toISOString();
  const done = (fields: Omit<DeliveryAttempt, 'at' | 'durationMs'>): DeliveryAttempt => ({ at, durationMs: Date.now() - started, ...fields });
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return done({ error: 'invalid URL' });
  }
  // An address written in the URL is never looked up: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) ? host : numericIpv4(host);
  if (literal && !allowedAddress(literal, input.allowLocal)) return done({ error: 'address not allowed' });
  const headers = { ...signedHeaders(input.secret, input.messageId, input.body, input.now), 'content-length': String(Buffer.byteLength(input.body)), 'user-agent': 'live-events-webhooks/1' };
  const options: RequestOptions = { method: 'POST', headers, lookup: guardedLookup(input.allowLocal) as RequestOptions['lookup'], timeout: input.timeoutMs ?? SEND_TIMEOUT_MS };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<DeliveryAttempt>((resolve) => {
    let settled = false;
    const finish = (attempt: DeliveryAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(overall);
      resolve(attempt);
    };
    const req = send(url, options, (res) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) res.destroy();
      });
      const status = res.statusCode ?? 0;
      const end = () => finish(done({ status, ...(status >= 200 && status < 300 ? {} : { error: `HTTP ${status}` }) }));
      res.on('end', end);
      res.on('close', end);
      res.on('error', end);
    });
    const overall = setTimeout(() => {
      req.destroy(new Error('timeout'));
      finish(done({ error: `no answer within ${(input.timeoutMs ?? SEND_TIMEOUT_MS) / 1000} s` }));
    }, input.timeoutMs ?? SEND_TIMEOUT_MS);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e: NodeJS.ErrnoException) => finish(done({ error: e.code === 'EADDRNOTALLOWED' ? 'address not allowed' : (e.code ?? e.message).slice(0, 200) })));
    req.end(input.body);
  });
}

export const succeeded = (attempt: DeliveryAttempt) => attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300;
