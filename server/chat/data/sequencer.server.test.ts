import { describe, expect, it } from 'vitest';
import type { ChatEvent } from '#app/lib/chat/protocol';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { PUBLIC_STREAM, type Plan, type PlanContext } from './keys.server';
import { ChatReads } from './reads.server';
import { ChatSequencer } from './sequencer.server';

const db = testDatabase();
const EVENT_ID = 'seqraceevent';

/** A change that only writes its log entry; its event carries the number it was given. */
const plainPlan = async (ctx: PlanContext): Promise<Plan> => ({ event: { kind: 'test', seq: ctx.seq } as unknown as ChatEvent, audience: { kind: 'everyone' } as never, writes: [], lastPublic: ctx.msgId });
const seqOf = (change: { event: ChatEvent } | null) => (change?.event as unknown as { seq: number }).seq;

describe('the chat sequencer on two instances', () => {
  it("never gives two changes one number when another instance's change arrives while this one is being planned", async () => {
    const tenant = uniqueTenantId('seq');
    const one = new ChatSequencer(db, new ChatReads(db));
    const two = new ChatSequencer(db, new ChatReads(db));
    expect(seqOf(await one.append(tenant, EVENT_ID, plainPlan))).toBe(1);

    // Instance one plans its next change; meanwhile instance two commits one, and its change
    // reaches instance one on the bus (observe) before instance one writes.
    let fromTwo = 0;
    const slowPlan = async (ctx: PlanContext): Promise<Plan> => {
      if (!fromTwo) {
        fromTwo = seqOf(await two.append(tenant, EVENT_ID, plainPlan));
        one.observe(tenant, EVENT_ID, fromTwo, PUBLIC_STREAM);
      }
      return plainPlan(ctx);
    };
    const fromOne = seqOf(await one.append(tenant, EVENT_ID, slowPlan));
    expect(fromTwo).toBe(2);
    expect(fromOne).toBe(3);
  });
});
