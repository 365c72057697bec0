import { createHash } from 'node:crypto';

/** SHA-256 source expressions for every inline <script> of a rendered document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const re = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[1]) hashes.add(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

export interface StorageLocation {
  AWS_REGION: string;
  S3_ENDPOINT?: string;
  S3_BUCKET: string;
  S3_FORCE_PATH_STYLE: boolean;
}

/**
 * The origin presigned storage URLs point at, as the S3 client builds them: the configured endpoint
 * (with the bucket as a subdomain unless path style is forced), or AWS's regional endpoint, where a
 * DNS-compatible bucket without dots is addressed virtual-host style. Browsers PUT uploads there
 * (connect-src) and load images from it (img-src).
 */
export function storageOrigin({ AWS_REGION, S3_ENDPOINT, S3_BUCKET, S3_FORCE_PATH_STYLE }: StorageLocation): string {
  const virtualHost = !S3_FORCE_PATH_STYLE && /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(S3_BUCKET);
  if (S3_ENDPOINT) {
    const endpoint = new URL(S3_ENDPOINT);
    return virtualHost ? `${endpoint.protocol}//${S3_BUCKET}.${endpoint.host}` : endpoint.origin;
  }
  const host = `s3.${AWS_REGION}.amazonaws.com${AWS_REGION.startsWith('cn-') ? '.cn' : ''}`;
  return `https://${virtualHost ? `${S3_BUCKET}.` : ''}${host}`;
}

export interface CspOptions {
  scriptHashes?: string[];
  /** Extra origins the browser may call (object storage for direct uploads). */
  connectSources?: string[];
  /** Extra origins images and media may load from (object storage reached over plain http locally). */
  mediaSources?: string[];
  development?: boolean;
  /**
   * Who may frame the document (CSP frame-ancestors): absent, this site only; an embed page names
   * its tenant's allowed origins, and an empty list refuses every framer ('none').
   */
  frameAncestors?: readonly string[];
}

/**
 * The document CSP: scripts only from this origin plus the exact inline scripts of this page
 * (hashes, not nonces, so a cached page stays valid for every visitor who receives it).
 */
export function contentSecurityPolicy({ scriptHashes = [], connectSources = [], mediaSources = [], development = false, frameAncestors }: CspOptions): string {
  const script = development ? ["'self'", "'unsafe-inline'"] : ["'self'", ...scriptHashes];
  const connect = ["'self'", ...connectSources, ...(development ? ['ws:', 'wss:'] : [])];
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    `frame-ancestors ${frameAncestors === undefined ? "'self'" : frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`,
    "form-action 'self'",
    `script-src ${script.join(' ')}`,
    // Emotion (Chakra's CSS engine) injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...mediaSources].join(' '),
    ['media-src', "'self'", 'blob:', 'https:', ...mediaSources].join(' '),
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
  ].join('; ');
}
