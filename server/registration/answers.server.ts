/**
 * Registration answers (docs/decisions/0083): checked against the event's questions when someone
 * registers or is about to buy a ticket, stored with their registration, read back for the hosts
 * and exported for the organizer.
 */
import type { Tenant } from '#app/lib/config/tenant';
import type { EventRecord } from '#app/lib/events/model';
import type { SessionUser } from '#app/lib/identity/types';
import { shownName } from '#app/lib/identity/displayName';
import { answersForDisplay, questionsLanguage, validateAnswers, type AnswerFormError, type AnswersInput } from '#app/lib/registration/questions';
import type { TenantData } from '#server/data/tenantData.server';

export type AnswerCheck = { ok: true } | { ok: false; fields: Record<string, AnswerFormError> };

/**
 * Validates the answers to the event's questions and, when the person holds no seat yet, stores
 * them (replacing answers of an earlier attempt that did not end in a seat). A person who already
 * holds one keeps the answers they gave then.
 */
export async function recordAnswers(
  data: TenantData,
  tenant: Pick<Tenant, 'languages'>,
  event: EventRecord,
  user: SessionUser,
  input: AnswersInput,
  language: string,
): Promise<AnswerCheck> {
  if (event.registrationQuestions.length === 0) return { ok: true };
  const checked = validateAnswers(event.registrationQuestions, input, questionsLanguage(tenant.languages));
  if (!checked.ok) return { ok: false, fields: checked.errors };
  if (await data.tickets.ticket(event.eventId, user.sub)) return { ok: true };
  const name = shownName(user, await data.profiles.get(user.sub));
  await data.registrationAnswers.save({ eventId: event.eventId, userId: user.sub, name, email: user.email ?? '', language, answers: checked.answers });
  return { ok: true };
}

/**
 * What a person answered when registering for the event, for the hosts (waiting room, participants
 * list): each question as it was asked and the answer, in the order asked. Empty when they
 * answered nothing, and for a `data` bound to another tenant than `tenant` (a mismatch answers
 * like an unknown person).
 */
export async function registrationAnswers(data: TenantData, tenant: Pick<Tenant, 'id'>, eventId: string, userSub: string): Promise<Array<{ question: string; answer: string }>> {
  if (data.tenantId !== tenant.id || !/^[a-z0-9]{12}$/.test(eventId) || !userSub) return [];
  const record = await data.registrationAnswers.get(eventId, userSub);
  return record ? answersForDisplay(record.answers) : [];
}
