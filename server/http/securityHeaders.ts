/** The security headers every response carries; documents get their own script-hash CSP from entry.server. */
import type { ServerResponse } from 'node:http';
import type { Env } from '../env.server';
import { contentSecurityPolicy, storageOrigin } from './csp.server';
import { videoConnectSources } from '#server/platform/video.server';
import { keepsSameOriginFraming } from '#server/embeds/index.server';

export type SetSecurityHeaders = (res: ServerResponse, path: string) => void;

/** Sets the headers on a response to the request for `path` (without its query). */
export function securityHeaders(env: Env): SetSecurityHeaders {
  const s3Origin = storageOrigin(env);
  // Documents get a per-tenant policy from entry.server; this one covers the platform-wide video server.
  const csp = contentSecurityPolicy({ connectSources: [s3Origin, ...videoConnectSources(env, { id: 'platform', video: {} })], mediaSources: [s3Origin], development: env.NODE_ENV === 'development' });
  const production = env.NODE_ENV === 'production';
  return (res, path) => {
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    // The embed pages' framers are their document CSP's frame-ancestors (docs/decisions/0089).
    if (keepsSameOriginFraming(path)) res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(self), microphone=(self), display-capture=(self), geolocation=()');
    if (production) res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
}
