/** The Webhooks tab's calls to /api/webhooks (docs/decisions/0088). */
import { useCallback, useEffect, useState } from 'react';
import type { EndpointRow, UrlProblem, WebhookRequest, WebhooksOverview } from '#app/lib/webhooks/model';

export type PostAnswer =
  | { ok: true; endpoint?: EndpointRow; secret?: string; messageId?: string }
  | { ok: false; error: string; fields?: { url?: UrlProblem } };

export async function postWebhooks(request: WebhookRequest): Promise<PostAnswer> {
  try {
    const res = await fetch('/api/webhooks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.ok) return { ok: true, ...body } as PostAnswer;
    return { ok: false, error: typeof body.error === 'string' ? body.error : 'failed', ...(body.fields ? { fields: body.fields as { url?: UrlProblem } } : {}) };
  } catch {
    return { ok: false, error: 'failed' };
  }
}

export type OverviewState = { state: 'loading' } | { state: 'error' } | { state: 'ready'; data: WebhooksOverview };

/** The tenant's endpoints and deliveries, loaded when the tab mounts; `reload` reads them again (quietly when `quiet`). */
export function useWebhooksOverview() {
  const [view, setView] = useState<OverviewState>({ state: 'loading' });
  const reload = useCallback(async (quiet = false) => {
    if (!quiet) setView({ state: 'loading' });
    try {
      const res = await fetch('/api/webhooks', { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(String(res.status));
      setView({ state: 'ready', data: (await res.json()) as WebhooksOverview });
    } catch {
      if (!quiet) setView({ state: 'error' });
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { view, reload };
}
