/**
 * Where a webhook may be sent (docs/decisions/0088). The form's check: a URL of at most 2,048
 * characters, no user name or password, https (http only on the local stack), and a host whose
 * every address is on the public internet (server/platform/net/outsideAddress.server.ts).
 * Loopback is accepted only on the local stack (WEBHOOK_ALLOW_LOCAL, set by local/stack/start.ts);
 * private, link-local and metadata addresses never are. The same address rule is applied again to
 * the addresses the connection actually uses at every attempt (send.server.ts), so a name that
 * later resolves inside (DNS rebinding) is refused then.
 */
import { checkHost, type ResolveAll } from '#server/platform/net/outsideAddress.server';
import type { UrlProblem } from '#app/lib/webhooks/model';

export interface UrlRule {
  resolve: ResolveAll;
  /** The local stack: http and loopback destinations are accepted (tests' receivers on 127.0.0.1). */
  allowLocal: boolean;
}

export type UrlVerdict = { ok: true; url: URL } | { ok: false; problem: UrlProblem };

export async function checkWebhookUrl(raw: string, rule: UrlRule): Promise<UrlVerdict> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (url.protocol !== 'https:' && !(rule.allowLocal && url.protocol === 'http:')) return { ok: false, problem: url.protocol === 'http:' ? 'https' : 'invalid' };
  if (url.username || url.password) return { ok: false, problem: 'credentials' };
  if (!url.hostname) return { ok: false, problem: 'invalid' };
  const verdict = await checkHost(url.hostname, { resolve: rule.resolve, allowLoopback: rule.allowLocal });
  if (!verdict.ok) return { ok: false, problem: verdict.reason };
  return { ok: true, url };
}
