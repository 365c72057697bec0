/**
 * The organizer's export of an event's registrations (docs/decisions/0083): one row per seat
 * holder (free registration or paid ticket), one column per question. The questions asked today
 * come first in their order; a question since removed keeps its column, headed with its label as
 * answered, as long as someone answered it.
 */
import type { Tenant } from '#app/lib/config/tenant';
import type { EventRecord } from '#app/lib/events/model';
import { FREE_ORDER } from '#app/lib/tickets/kinds';
import { answerCells, exportColumns, questionsLanguage } from '#app/lib/registration/questions';
import { csvDownload } from '#server/http/csvFile.server';
import type { TenantData } from '#server/data/tenantData.server';

export interface ExportLabels {
  name: string;
  email: string;
  registeredAt: string;
  kind: string;
  free: string;
  paid: string;
}

/** The header and rows of the export (the download wraps them). */
export async function registrationRows(data: TenantData, tenant: Pick<Tenant, 'languages'>, event: EventRecord, labels: ExportLabels) {
  const [tickets, answers] = await Promise.all([data.tickets.list(event.eventId), data.registrationAnswers.list(event.eventId)]);
  const byUser = new Map(answers.map((a) => [a.userId, a]));
  const holders = [...tickets].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const columns = exportColumns(event.registrationQuestions, holders.map((h) => byUser.get(h.userId)?.answers ?? []), questionsLanguage(tenant.languages));
  const rows = await Promise.all(
    holders.map(async (h) => {
      const record = byUser.get(h.userId);
      const name = record?.name || (await data.profiles.get(h.userId))?.displayName.trim() || '';
      return [name, record?.email ?? '', h.createdAt, h.orderId === FREE_ORDER ? labels.free : labels.paid, ...answerCells(columns, record?.answers ?? [])];
    }),
  );
  return { header: [labels.name, labels.email, labels.registeredAt, labels.kind, ...columns.map((c) => c.header)], rows };
}

/** The export as a CSV download named after the event. */
export async function registrationsCsv(data: TenantData, tenant: Pick<Tenant, 'languages'>, event: EventRecord, labels: ExportLabels): Promise<Response> {
  const { header, rows } = await registrationRows(data, tenant, event, labels);
  return csvDownload(`registrations-${event.eventId}.csv`, header, rows);
}
