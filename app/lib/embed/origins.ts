/**
 * The sites a tenant lets frame its embed pages (docs/decisions/0089-embeds.md): the tenant's
 * `embed.allowedOrigins`, each an origin the browser compares the framing page's origin with
 * (CSP `frame-ancestors`) and the embed script compares `postMessage` senders with. An origin is
 * `https://host[:port]`, lower case, no path, query, fragment, credentials or wildcard; plain http
 * only for a loopback host (localhost, *.localhost, 127.0.0.1), the local stack's pages.
 */
import { z } from 'zod';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = new RegExp(`^(?:${LABEL})(?:\\.${LABEL})*$`);
const IPV4_LOOPBACK = /^127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** A loopback host name, where plain http is allowed (the local stack). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || IPV4_LOOPBACK.test(host);
}

/** Why `value` is not an allowed embed origin, or null when it is one (exactly as written). */
export function embedOriginProblem(value: string): string | null {
  const m = /^(https?):\/\/([^/:?#@\s]+)(?::(\d{1,5}))?$/.exec(value);
  if (!m) return 'must be an origin such as https://www.example.com (scheme, host and optional port; no path, no trailing slash)';
  const [, scheme, host, port] = m as unknown as [string, string, string, string | undefined];
  if (host !== host.toLowerCase()) return 'the host must be lower case';
  if (!HOST.test(host) && !IPV4_LOOPBACK.test(host)) return 'the host must be a host name such as www.example.com (no wildcard)';
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535 || port.startsWith('0'))) return 'the port must be a number from 1 to 65535';
  if (scheme === 'http' && !isLoopbackHost(host)) return 'must use https (plain http only for localhost in the local stack)';
  if ((scheme === 'https' && port === '443') || (scheme === 'http' && port === '80')) return 'leave out the default port';
  return null;
}

/** One allowed embed origin, as the tenant file writes it. */
export const embedOriginSchema = z.string().superRefine((value, ctx) => {
  const problem = embedOriginProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The tenant's `embed` settings: who may frame its embed pages (none unless listed). */
export const embedSettingsSchema = z
  .object({
    /** Origins of the sites that may frame the embed pages; empty (the default): no site may. */
    allowedOrigins: z
      .array(embedOriginSchema)
      .max(50)
      .default([])
      .refine((list) => new Set(list).size === list.length, 'an origin is listed twice'),
  })
  .strict();

export type EmbedSettings = z.infer<typeof embedSettingsSchema>;

/** The origin of a URL (or origin) the browser reports, or null when it is none. */
export function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/** Whether `origin` is one of the tenant's allowed embed origins (exact comparison). */
export function isAllowedEmbedOrigin(allowed: readonly string[], origin: string | null | undefined): boolean {
  return typeof origin === 'string' && allowed.includes(origin);
}
