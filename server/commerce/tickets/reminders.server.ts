/**
 * Reminder mails before an event starts (purpose 'reminder'): one a day before (sent between
 * 24 h and 1 h before the start) and one 15 minutes before (between 15 min and the start), each
 * once per seat. A sweeper like the room-expiry one reads the next day's entries per tenant;
 * each stage is claimed by a conditional write before its mail goes out. An entry whose event
 * moved is rewritten under the new start; a cancelled or deleted event's entry is dropped.
 */
import { startPeriodicSweep, type PeriodicSweep } from '#server/platform/periodicSweep.server';
import type { Tenant } from '#app/lib/config/tenant';
import type { EventRecord } from '#app/lib/events/model';
import type { OriginEnv } from '#server/config/tenantOrigin.server';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { tenantData, type TenantData } from '#server/data/tenantData.server';
import type { ReminderEntry, ReminderStage } from '#server/commerce/data/ticketReminders.server';
import { sendReminder } from './confirmation.server';
import { log as logger } from '#server/observability/log.server';

const MINUTE = 60_000;
/** When each stage may be sent: from `before` minutes before the start until `until` minutes before it. */
const STAGES: ReadonlyArray<{ stage: ReminderStage; before: number; until: number }> = [
  { stage: '24h', before: 24 * 60, until: 60 },
  { stage: '15m', before: 15, until: 0 },
];

/** Keeps a reminder entry for a seat just taken (registration, ticket, consultation). */
export async function scheduleReminders(data: TenantData, event: Pick<EventRecord, 'eventId' | 'eventDateTime'>, who: { userId: string; email: string; name: string }): Promise<void> {
  if (!who.email) return;
  await data.tickets.addReminder({ eventId: event.eventId, userId: who.userId, email: who.email, name: who.name, startsAt: event.eventDateTime });
}

export interface ReminderSweepDeps {
  db: Database;
  tenants: Iterable<Pick<Tenant, 'id' | 'displayName' | 'domains'>>;
  /** Where the mails' links and calendar files point (tenantOrigin). */
  env: OriginEnv;
  now?: () => number;
  log?: (message: string) => void;
}

/** One pass over every tenant; returns the reminders sent as <tenant>/<eventId>/<userId>/<stage>. */
export async function sweepReminders(deps: ReminderSweepDeps): Promise<string[]> {
  const now = deps.now?.() ?? Date.now();
  const log = deps.log ?? ((m: string) => logger.warn(`[reminders] ${m}`));
  const sent: string[] = [];
  for (const tenant of deps.tenants) {
    const data = tenantData({ db: deps.db }, tenant.id);
    let entries: ReminderEntry[];
    try {
      entries = await data.tickets.remindersBetween(new Date(now).toISOString(), new Date(now + 24 * 60 * MINUTE).toISOString());
    } catch (e) {
      log(`tenant ${tenant.id}: could not list reminders (${(e as Error).message}); next sweep tries again`);
      continue;
    }
    const events = new Map<string, Promise<EventRecord | null>>();
    for (const entry of entries) {
      try {
        if (!events.has(entry.eventId)) events.set(entry.eventId, data.events.get(entry.eventId));
        const event = await events.get(entry.eventId)!;
        if (!event || event.cancelledAt) {
          await data.tickets.removeReminder(entry);
          continue;
        }
        if (event.eventDateTime !== entry.startsAt) {
          await data.tickets.addReminder({ ...entry, startsAt: event.eventDateTime, sent: [] });
          await data.tickets.removeReminder(entry);
          continue;
        }
        const start = Date.parse(event.eventDateTime);
        for (const { stage, before, until } of STAGES) {
          const due = now >= start - before * MINUTE && now < start - until * MINUTE;
          if (!due || entry.sent.includes(stage)) continue;
          if (!(await data.tickets.claimReminder(entry, stage))) continue;
          await sendReminder(tenant, deps.env, event, { email: entry.email, name: entry.name });
          sent.push(`${tenant.id}/${entry.eventId}/${entry.userId}/${stage}`);
        }
      } catch (e) {
        log(`${tenant.id}/${entry.eventId}: reminder failed (${(e as Error).message}); next sweep tries again`);
      }
    }
  }
  return sent;
}

export type ReminderSweeper = PeriodicSweep<string[]>;

/** Sweeps every `intervalSeconds` while the server runs. */
export function startReminderSweeper(deps: ReminderSweepDeps & { intervalSeconds: number }): ReminderSweeper {
  return startPeriodicSweep({
    run: () => sweepReminders(deps),
    empty: () => [],
    intervalSeconds: deps.intervalSeconds,
    log: (m) => (deps.log ?? logger.warn)(`[reminders] ${m}`),
  });
}
