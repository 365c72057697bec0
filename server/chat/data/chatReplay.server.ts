/**
 * The chat of a past event as a recording replays it (server/media/ondemand/eventVod.server.ts): every
 * public message of the event in order, with the time it was sent, and each answered question
 * with the time it was marked answered (`answeredAt`, written by the chat repository's answer).
 * Reads the event's chat partition only (keys.server.ts), so nothing of another event or tenant
 * can appear; pending and private messages are never read.
 */
import type { TenantId } from '#app/lib/config/tenant';
import type { ChatMessage } from '#app/lib/chat/protocol';
import { chatPk, toMessage } from './keys.server';
import { queryAll, type Database } from '#server/platform/dynamo/dynamo.server';

/** A replay reads at most this many public messages (about an hour at one message every second). */
export const REPLAY_MESSAGES_MAX = 5000;

export interface ReplayRecord {
  message: ChatMessage;
  /** Questions marked answered: when (absent on questions answered before the time was kept). */
  answeredAt: string | null;
}

/** The event's public messages, oldest first, deleted ones left out. */
export async function listReplayMessages(db: Database, tenantId: TenantId, eventId: string): Promise<ReplayRecord[]> {
  const items = await queryAll(
    db,
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': chatPk(tenantId, eventId), ':p': 'PUB#' },
      ConsistentRead: true,
    },
    REPLAY_MESSAGES_MAX,
  );
  return items
    .map((item) => ({ message: toMessage(item), answeredAt: typeof item.answeredAt === 'string' ? item.answeredAt : null }))
    .filter((r) => !r.message.deleted && r.message.status === 'approved' && !r.message.isPrivateMsg);
}
