/**
 * Counting the accepted writes afterwards, straight from the stores (the services are back by
 * then): chat messages in the event's history, contact-form submissions, uploaded media items and
 * their processing result, orders. "Lost" is an accepted write not found; "duplicate" a write
 * stored more than once (the same clientId, the same form text, more orders than checkouts).
 */
import type { TenantId } from '#app/lib/config/tenant';
import { listReplayMessages } from '#server/chat/data/chatReplay.server';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { listSubmissions } from '#server/site/data/forms.server';
import { getMediaItem } from '#server/media/data/media.server';
import { getOrder, listBuyerOrders } from '#server/commerce/data/orders.server';
import { testTenantId } from '#tests/support/tenants';
import type { AcceptedWrite } from './ledger';

export interface WriteCheck {
  accepted: number;
  lost: string[];
  duplicates: string[];
  /** Uploads whose processing did not end ready (the job result). */
  jobsUnfinished: string[];
}

export interface VerifyContext {
  db: Database;
  tenant: TenantId;
  chatEventId: string;
  buyerId: string;
  /** Markers of every checkout the buyer finished so far (all phases), for the duplicate count. */
  allOrderMarkers: () => number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function verifyWrites(ctx: VerifyContext, writes: AcceptedWrite[], jobDeadline: number): Promise<WriteCheck> {
  const check: WriteCheck = { accepted: writes.length, lost: [], duplicates: [], jobsUnfinished: [] };
  const of = (kind: AcceptedWrite['kind']) => writes.filter((w) => w.kind === kind);

  const chat = of('chat');
  if (chat.length) {
    const stored = (await listReplayMessages(ctx.db, ctx.tenant, ctx.chatEventId)).map((r) => r.message);
    const ids = new Set(stored.map((m) => m.msgId));
    const perClient = new Map<string, number>();
    for (const m of stored) if (m.clientId) perClient.set(m.clientId, (perClient.get(m.clientId) ?? 0) + 1);
    for (const w of chat) {
      if (!ids.has(w.id)) check.lost.push(`chat ${w.id}`);
      if ((perClient.get(w.marker) ?? 0) > 1) check.duplicates.push(`chat clientId ${w.marker} ×${perClient.get(w.marker)}`);
    }
  }

  const forms = of('form');
  const formTenants = [...new Set(forms.map((w) => w.tenant))];
  const submissions = new Map(await Promise.all(formTenants.map(async (t) => [t, await listSubmissions(ctx.db, testTenantId(t), 'contactUs', 5000)] as const)));
  for (const w of forms) {
    const copies = (submissions.get(w.tenant) ?? []).filter((s) => (s.fields.message ?? '').includes(w.marker)).length;
    if (copies === 0) check.lost.push(`form ${w.marker}`);
    if (copies > 1) check.duplicates.push(`form ${w.marker} ×${copies}`);
  }

  for (const w of of('order')) {
    if (!(await getOrder(ctx.db, ctx.tenant, w.id))) check.lost.push(`order ${w.id}`);
  }
  if (of('order').length) {
    const orders = await listBuyerOrders(ctx.db, ctx.tenant, ctx.buyerId, 5000);
    const extra = orders.length - ctx.allOrderMarkers();
    if (extra > 0) check.duplicates.push(`${extra} order(s) more than checkouts accepted`);
  }

  const uploads = of('upload');
  for (const w of uploads) {
    if (!(await getMediaItem(ctx.db, ctx.tenant, w.id))) check.lost.push(`upload ${w.id}`);
  }
  // The job result: every accepted upload is processed once the worker and its queue are back.
  let waiting = uploads.filter((w) => !check.lost.includes(`upload ${w.id}`));
  while (waiting.length) {
    const states = await Promise.all(waiting.map(async (w) => ({ w, status: (await getMediaItem(ctx.db, ctx.tenant, w.id))?.status })));
    waiting = states.filter((s) => s.status !== 'ready' && s.status !== 'failed').map((s) => s.w);
    for (const s of states.filter((x) => x.status === 'failed')) check.jobsUnfinished.push(`upload ${s.w.id} failed`);
    if (!waiting.length || Date.now() > jobDeadline) break;
    await sleep(500);
  }
  for (const w of waiting) check.jobsUnfinished.push(`upload ${w.id} not processed`);
  return check;
}
