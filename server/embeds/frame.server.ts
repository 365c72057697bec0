/**
 * Who may frame a document (docs/decisions/0089-embeds.md): every page only its own site
 * (frame-ancestors 'self', X-Frame-Options SAMEORIGIN), except the event and video embeds, which the tenant's
 * `embed.allowedOrigins` may frame and nobody else ('none' when the tenant lists none).
 */
import type { Tenant } from '#app/lib/config/tenant';
import { isFramedEmbedPath } from '#app/lib/embed/paths';

/** The CSP frame-ancestors sources of the document at `pathname`; undefined: the default, 'self'. */
export function frameAncestorsFor(pathname: string, tenant: Pick<Tenant, 'embed'> | undefined | null): readonly string[] | undefined {
  if (!isFramedEmbedPath(pathname)) return undefined;
  return tenant?.embed?.allowedOrigins ?? [];
}

/** Whether the response at `pathname` keeps X-Frame-Options: SAMEORIGIN (every path but the embed pages). */
export const keepsSameOriginFraming = (pathname: string) => !isFramedEmbedPath(pathname);
