/**
 * Checks a presigned S3 URL the way S3 does (AWS Signature Version 4, query-string form), for the
 * tests: s3rver does not check signatures (docs/ARCHITECTURE.md, Local stack), so what S3 would
 * refuse is asked here. The request is the one a browser sends: its method and the headers it
 * carries (a PUT's Content-Length is its body's length). Written from the SigV4 specification,
 * independent of the SDK that signs.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Storage } from '#server/platform/storage.server';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
/** RFC 3986 encoding, as SigV4 canonicalises query names and values. */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SentRequest {
  method: string;
  /** Headers the client sends (any case); Host is taken from the URL. */
  headers: Record<string, string | number>;
}

/** Whether S3 would accept this request at this presigned URL, signed with `secretAccessKey` (expiry aside). */
export function presignedUrlAccepts(url: string, request: SentRequest, secretAccessKey: string): boolean {
  const u = new URL(url);
  const q = u.searchParams;
  const signature = q.get('X-Amz-Signature');
  const amzDate = q.get('X-Amz-Date');
  const credential = q.get('X-Amz-Credential');
  const signedHeaderNames = q.get('X-Amz-SignedHeaders')?.split(';');
  if (!signature || !amzDate || !credential || !signedHeaderNames) return false;
  const [, date, region, service, terminator] = credential.split('/');
  if (!date || !region || !service || terminator !== 'aws4_request') return false;

  const headers: Record<string, string> = { host: u.host };
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = String(value);
  if (signedHeaderNames.some((name) => headers[name] === undefined)) return false;
  const canonicalHeaders = signedHeaderNames.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalQuery = [...q.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [request.method.toUpperCase(), u.pathname, canonicalQuery, canonicalHeaders, signedHeaderNames.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  return hmac(signingKey, stringToSign).toString('hex') === signature;
}

/** The names of the headers a presigned URL signs. */
export const signedHeadersOf = (url: string) => new URL(url).searchParams.get('X-Amz-SignedHeaders')?.split(';') ?? [];

/** The secret the storage client signs with. */
export async function signingSecret(storage: Storage): Promise<string> {
  const credentials = await storage.client.config.credentials();
  return credentials.secretAccessKey;
}
