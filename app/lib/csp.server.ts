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

export interface CspOptions {
  scriptHashes?: string[];
  /** Extra origins the browser may call (object storage for direct uploads). */
  connectSources?: string[];
  /** Extra origins images and media may load from (object storage reached over plain http locally). */
  mediaSources?: string[];
  development?: boolean;
}

/**
 * The document CSP: scripts only from this origin plus the exact inline scripts of this page
 * (hashes, not nonces, so a cached page stays valid for every visitor who receives it).
 */
export function contentSecurityPolicy({ scriptHashes = [], connectSources = [], mediaSources = [], development = false }: CspOptions): string {
  const script = development ? ["'self'", "'unsafe-inline'"] : ["'self'", ...scriptHashes];
  const connect = ["'self'", ...connectSources, ...(development ? ['ws:', 'wss:'] : [])];
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'self'",
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
