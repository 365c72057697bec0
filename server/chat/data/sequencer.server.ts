/**
 * The group-commit sequencer: numbers every chat change of a channel (docs/decisions/0012).
 *
 * Every change is one TransactWrite: the HEAD update conditioned on the seq this instance
 * expects, the item writes and the LOG put. Changes are serialised per channel inside an instance
 * (a queue and a cached HEAD), so an instance never races itself; another instance's write makes
 * the condition fail, and the change is planned again on a freshly read HEAD.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TenantId } from '#app/lib/config/tenant';
import { formatMsgId } from '#app/lib/chat/protocol';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { PUBLIC_STREAM, SK, chatPk, type Head, type Plan, type PlanContext, type Sequenced, type Stream, type TxItem } from './keys.server';
import type { ChatReads } from './reads.server';

interface Job {
  plan: (ctx: PlanContext) => Promise<Plan | null>;
  /** Only creates new items (no read, no update of an existing item): may share a transaction with others. */
  batchable: boolean;
  resolve: (change: Sequenced | null) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

interface ChannelState {
  head: Head | null;
  queue: Job[];
  running: boolean;
}

const MAX_ATTEMPTS = 10;
/**
 * Changes committed together at most: a TransactWrite takes 100 items; a private message needs 5
 * (its three items, the send marker and the LOG entry), plus the HEAD update once per batch.
 */
const MAX_BATCH = 19;

const isRetryable = (e: unknown) => {
  const name = (e as Error)?.name;
  return name === 'TransactionCanceledException' || name === 'TransactionConflictException';
};

export class ChatSequencer {
  private channels = new Map<string, ChannelState>();

  constructor(
    private db: Database,
    private reads: ChatReads,
  ) {}

  /**
   * Applies one change with the channel's next seq; null when the plan found nothing to change.
   * Changes wait in a per-channel queue; new messages that queued up meanwhile are committed
   * together in one transaction (group commit), so a slow store adds latency, never a backlog.
   */
  append(tenantId: TenantId, eventId: string, plan: (ctx: PlanContext) => Promise<Plan | null>, batchable = false): Promise<Sequenced | null> {
    const pk = chatPk(tenantId, eventId);
    let state = this.channels.get(pk);
    if (!state) {
      state = { head: null, queue: [], running: false };
      this.channels.set(pk, state);
    }
    const channel = state;
    return new Promise<Sequenced | null>((resolve, reject) => {
      channel.queue.push({ plan, batchable, resolve, reject, settled: false });
      if (!channel.running) void this.drain(pk, channel);
    });
  }

  /**
   * A change committed elsewhere (another instance, seen on the bus) moves the cached HEAD along,
   * so this instance's next change expects the right seq instead of failing and re-reading.
   * A change that skips a seq drops the cache (re-read on the next change).
   */
  observe(tenantId: TenantId, eventId: string, seq: number, stream: Stream): void {
    const state = this.channels.get(chatPk(tenantId, eventId));
    const head = state?.head;
    if (!state || !head || seq <= head.seq) return;
    if (seq > head.seq + 1) {
      state.head = null;
      return;
    }
    head.seq = seq;
    if (stream === PUBLIC_STREAM) head.lastPublic = formatMsgId(seq);
    else if (stream) head.pm[stream] = formatMsgId(seq);
  }

  private async drain(pk: string, channel: ChannelState) {
    channel.running = true;
    try {
      while (channel.queue.length) {
        const batch = [channel.queue.shift()!];
        if (batch[0]!.batchable) {
          while (batch.length < MAX_BATCH && channel.queue[0]?.batchable) batch.push(channel.queue.shift()!);
        }
        await this.commit(pk, channel, batch);
      }
    } finally {
      channel.running = false;
    }
  }

  private async commit(pk: string, channel: ChannelState, jobs: Job[]): Promise<void> {
    const settle = (job: Job, outcome: { change: Sequenced | null } | { error: unknown }) => {
      job.settled = true;
      if ('error' in outcome) job.reject(outcome.error);
      else job.resolve(outcome.change);
    };
    for (let attempt = 1; ; attempt++) {
      let head: Head;
      try {
        head = channel.head ??= await this.reads.readHead(pk);
      } catch (error) {
        for (const job of jobs) if (!job.settled) settle(job, { error });
        return;
      }
      // What this attempt builds on, copied: planning awaits, and meanwhile a change another
      // instance committed may move the cached head (observe); the write must stay conditioned on
      // the head it was planned from, or it would overwrite that change under the same number.
      const base: Head = { seq: head.seq, lastPublic: head.lastPublic, pm: { ...head.pm } };
      let seq = base.seq;
      let lastPublic = base.lastPublic;
      const pm = new Map<string, string>();
      const planned: Array<{ job: Job; plan: Plan }> = [];
      const writes: TxItem[] = [];
      for (const job of jobs) {
        if (job.settled) continue;
        let plan: Plan | null;
        try {
          plan = await job.plan({ seq: seq + 1, msgId: formatMsgId(seq + 1), lastPublic, lastPrivate: (pair) => pm.get(pair) ?? base.pm[pair] ?? null });
        } catch (error) {
          settle(job, { error });
          continue;
        }
        if (!plan) {
          settle(job, { change: null });
          continue;
        }
        seq++;
        if (plan.lastPublic) lastPublic = plan.lastPublic;
        if (plan.pm) pm.set(plan.pm[0], plan.pm[1]);
        planned.push({ job, plan });
        writes.push(...plan.writes, { Put: { TableName: this.db.table, Item: { pk, sk: SK.log(seq), e: JSON.stringify(plan.event), a: plan.audience } } });
      }
      if (!planned.length) return;

      const expected = base.seq;
      try {
        await this.db.doc.send(new TransactWriteCommand({ TransactItems: [this.headUpdate(pk, base, seq, lastPublic, pm), ...writes] }));
      } catch (error) {
        if (!isRetryable(error) || attempt >= MAX_ATTEMPTS) {
          channel.head = null;
          for (const { job } of planned) settle(job, { error });
          return;
        }
        // Another instance wrote first. When its change has already arrived on the bus, the
        // cached head is current: plan again at once; otherwise re-read it after a short pause.
        if (channel.head !== head || head.seq === expected) {
          channel.head = null;
          await sleep(Math.random() * 4 * attempt);
        }
        continue;
      }
      head.seq = seq;
      head.lastPublic = lastPublic;
      for (const [pair, msgId] of pm) head.pm[pair] = msgId;
      for (const { job, plan } of planned) settle(job, { change: { event: plan.event, audience: plan.audience } });
      return;
    }
  }

  /** The HEAD moves from `head` to `seq`, conditioned on nobody else having moved it. */
  private headUpdate(pk: string, head: Head, seq: number, lastPublic: string | null, pm: Map<string, string>): TxItem {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':n': seq };
    let update = 'SET seq = :n';
    let condition: string;
    if (head.seq === 0) {
      condition = 'attribute_not_exists(seq)';
      update += ', lastPublic = :lp, pm = :pm';
      values[':lp'] = lastPublic;
      values[':pm'] = Object.fromEntries(pm);
    } else {
      condition = 'seq = :e';
      values[':e'] = head.seq;
      if (lastPublic !== head.lastPublic) {
        update += ', lastPublic = :lp';
        values[':lp'] = lastPublic;
      }
      let i = 0;
      for (const [pair, msgId] of pm) {
        update += `, pm.#p${i} = :p${i}`;
        names[`#p${i}`] = pair;
        values[`:p${i}`] = msgId;
        i++;
      }
    }
    return {
      Update: {
        TableName: this.db.table,
        Key: { pk, sk: SK.head },
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      },
    };
  }
}
