/**
 * Which stored content coding to send for an Accept-Encoding header (RFC 9110 12.5.3): the
 * acceptable coding of highest q among those available, brotli before gzip at equal q; none (the
 * plain bytes) when the client names neither, refuses them (q=0), or sends no header.
 */
import type { PageEncoding } from '../renderCache.server';

const PREFERENCE: readonly PageEncoding[] = ['br', 'gzip'];

/** Parsed headers: a handful of distinct values arrive (one per browser family), so each is parsed once. */
const parsed = new Map<string, Map<string, number>>();
const PARSED_MAX = 256;

function weights(header: string): Map<string, number> {
  let found = parsed.get(header);
  if (found) return found;
  found = new Map();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [k, v] = param.split('=');
      if (k?.trim().toLowerCase() === 'q') q = Number(v?.trim());
    }
    if (Number.isFinite(q) && q >= 0 && q <= 1) found.set(coding, q);
  }
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(header, found);
  return found;
}

export function chooseEncoding(acceptEncoding: string | string[] | undefined, available: Partial<Record<PageEncoding, unknown>>): PageEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const q = weights(header);
  let best: PageEncoding | undefined;
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (!available[coding]) continue;
    const weight = q.get(coding) ?? q.get('*') ?? 0;
    if (weight > bestQ) {
      best = coding;
      bestQ = weight;
    }
  }
  return best;
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 13.1.2), or is "*". */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const tag of header.split(',')) {
    const t = tag.trim();
    if ((t.startsWith('W/') ? t.slice(2) : t) === opaque) return true;
  }
  return false;
}
