/**
 * The polls API (app/lib/polls/model.ts; docs/decisions/0081-polls.md):
 *
 *   GET  /api/polls?event=<id>              → PollList: every poll with counts to the event's
 *        organizer and hosts; the launched ones to anyone the room admits now (counts once public,
 *        their own choices)
 *   POST /api/polls                         PollRequest → { poll: PollView }: create (and launch),
 *        update, delete, launch, close, share: the organizer and hosts; vote: anyone the room admits
 *   GET  /api/polls/export?event=&poll=     → text/csv: the organizer and hosts
 *
 * Errors are { error, message[, fieldErrors] } in the request's language with a 4xx status.
 * Another tenant's event, or one the caller is blocked from, is not found (404), like every
 * tenant mismatch.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { TFunction } from 'i18next';
import { eventIdSchema, type EventRecord } from '#app/lib/events/model';
import { isStaff, roleOf } from '#app/lib/events/permissions';
import { shownName } from '#app/lib/identity/displayName';
import type { SessionUser } from '#app/lib/identity/types';
import { MAX_POLLS, pollIdSchema, pollInputSchema, pollRequestSchema, type PollList } from '#app/lib/polls/model';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '#server/identity/index.server';
import { admitToRoom } from '#server/entitlement/index.server';
import { methodNotAllowed, NO_STORE, refuse } from '#server/http/responses.server';
import { csvDownload } from '#server/http/csvFile.server';
import { pollRefusal, type PollRecord } from './data/polls.server';
import { csvFileName, pollCsv } from './export.server';
import { castVote, closePoll, createPoll, launchPoll, pollsFor, pollView, resultsOf, sharePoll } from './polls.server';
import { TtlCache } from '#server/platform/ttlCache';

const STATUS = { badRequest: 400, unauthenticated: 401, forbidden: 403, notFound: 404, notDraft: 409, notLive: 409, closed: 409, badChoices: 400, tooMany: 409, busy: 409 } as const;
type ErrorCode = keyof typeof STATUS;

const refusePoll = (t: TFunction, code: ErrorCode, fieldErrors?: Record<string, string>) =>
  refuse(STATUS[code], code, t(`polls.errors.${code}`), fieldErrors ? { extra: { fieldErrors } } : {});

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;
interface Found {
  user: SessionUser;
  event: EventRecord;
  staff: boolean;
}

/**
 * Events as read for votes, per instance, for 5 s: the chat hub's rule for its sockets
 * (server/chat/hub.server.ts, eventTtlMs), so a change to the event (a block, an early end) reaches
 * a vote no later than it reaches the room's chat. Nothing else is kept: the caller's role, host
 * invitation and admission are decided afresh on every vote against this copy.
 */
const votingEvents = new TtlCache<EventRecord>(5000, 1000);

async function eventForVote(data: Args['context']['data'], eventId: string, user: SessionUser): Promise<EventRecord | null> {
  const key = `${data.tenantId}\u0000${eventId}`;
  let stored = votingEvents.get(key) ?? null;
  if (!stored) {
    stored = await data.events.get(eventId);
    votingEvents.delete(key);
    if (!stored) return null;
    votingEvents.set(key, stored);
  }
  return data.invitations.accept(stored, user);
}

async function eventFor(args: Args, eventId: unknown, t: TFunction, forVote = false): Promise<Response | Found> {
  const user = await getSessionUser(args);
  if (!user) return refusePoll(t, 'unauthenticated');
  // No event, or not an event id: nothing is there, as for another tenant's event.
  const id = eventIdSchema.safeParse(eventId);
  if (!id.success) return refusePoll(t, 'notFound');
  const event = forVote ? await eventForVote(args.context.data, id.data, user) : await args.context.data.events.getFor(id.data, user);
  if (!event || (roleOf(event, user) !== 'organizer' && event.blockedUsers.includes(user.sub))) return refusePoll(t, 'notFound');
  return { user, event, staff: isStaff(roleOf(event, user)) };
}

/** Hosts always; anyone else only while the room admits them (the one admission decision). */
async function mayTakePart(args: Args, found: Found): Promise<boolean> {
  return found.staff || (await admitToRoom(args.context.data, found.event, found.user)).ok;
}

export async function pollsLoader(args: LoaderFunctionArgs) {
  const t = await getFixedT(args.context.languageTag);
  const found = await eventFor(args, new URL(args.request.url).searchParams.get('event'), t);
  if (found instanceof Response) return found;
  if (!(await mayTakePart(args, found))) return refusePoll(t, 'forbidden');
  const answer: PollList = { polls: await pollsFor(args.context.data, found.event, found.user, found.staff), staff: found.staff };
  return json(answer, { headers: NO_STORE });
}

/** Field errors of a poll's wording and settings, as translation keys resolved. */
function fieldErrorsOf(t: TFunction, issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'poll';
    out[key] ??= t((issue.message.startsWith('errors.') ? `polls.${issue.message}` : 'polls.errors.invalid') as 'polls.errors.invalid');
  }
  return out;
}

export async function pollsAction(args: ActionFunctionArgs) {
  const t = await getFixedT(args.context.languageTag);
  if (args.request.method !== 'POST') return methodNotAllowed(args.context.languageTag, 'GET, POST');
  if (!(await getSessionUser(args))) return refusePoll(t, 'unauthenticated');
  let raw: unknown;
  try {
    raw = await args.request.json();
  } catch {
    return refusePoll(t, 'badRequest');
  }
  // The event first: another tenant's is 404 whatever else the body says.
  const claimed = raw as { eventId?: unknown; intent?: unknown } | null;
  const found = await eventFor(args, claimed?.eventId, t, claimed?.intent === 'vote');
  if (found instanceof Response) return found;
  const parsed = pollRequestSchema.safeParse(raw);
  if (!parsed.success) return refusePoll(t, 'badRequest');
  const body = parsed.data;
  const data = args.context.data;
  const { event, user, staff } = found;
  const answer = async (poll: PollRecord, myChoices?: number[]) => json({ poll: pollView(poll, await resultsOf(data, poll), staff, myChoices) }, { headers: NO_STORE });
  try {
    if (body.intent === 'vote') {
      const [admitted, profile] = await Promise.all([mayTakePart(args, found), data.profiles.get(user.sub).catch(() => null)]);
      if (!admitted) return refusePoll(t, 'forbidden');
      const { poll } = await castVote(data, event.eventId, body.pollId, { userId: user.sub, name: shownName(user, profile) }, body.choices);
      // The poll as the vote found it (not read again), and no counts: they reach everyone, the
      // voter too, with the room's next poll notice (~300 ms), which 1,000 votes share.
      return json({ poll: pollView(poll, null, staff, [...body.choices].sort((a, b) => a - b)) }, { headers: NO_STORE });
    }
    if (!staff) return refusePoll(t, 'forbidden');
    if (body.intent === 'create' || body.intent === 'update') {
      const input = pollInputSchema.safeParse(body.poll);
      if (!input.success) return refusePoll(t, 'badRequest', fieldErrorsOf(t, input.error.issues));
      if (body.intent === 'update') return answer(await data.polls.update(event.eventId, body.pollId, input.data));
      if ((await data.polls.list(event.eventId)).length >= MAX_POLLS) return refusePoll(t, 'tooMany');
      return answer(await createPoll(data, event, input.data, user.sub, body.launch));
    }
    if (body.intent === 'delete') {
      await data.polls.delete(event.eventId, body.pollId);
      return json({ ok: true }, { headers: NO_STORE });
    }
    if (body.intent === 'launch') return answer(await launchPoll(data, event, body.pollId));
    if (body.intent === 'close') return answer(await closePoll(data, event, body.pollId));
    return answer(await sharePoll(data, event, body.pollId));
  } catch (e) {
    const code = pollRefusal(e);
    if (code) return refusePoll(t, code);
    throw e;
  }
}

export async function pollsExportLoader(args: LoaderFunctionArgs) {
  const t = await getFixedT(args.context.languageTag);
  const params = new URL(args.request.url).searchParams;
  const found = await eventFor(args, params.get('event'), t);
  if (found instanceof Response) return found;
  const pollId = pollIdSchema.safeParse(params.get('poll'));
  if (!pollId.success) return refusePoll(t, 'badRequest');
  if (!found.staff) return refusePoll(t, 'forbidden');
  const poll = await args.context.data.polls.get(found.event.eventId, pollId.data);
  if (!poll || poll.status === 'draft') return refusePoll(t, 'notFound');
  const votes = await args.context.data.polls.votes(poll.eventId, poll.pollId);
  const words = {
    respondent: t('polls.csv.respondent'),
    answer: t('polls.csv.answer'),
    correct: t('polls.csv.correct'),
    votedAt: t('polls.csv.votedAt'),
    anonymous: t('polls.csv.anonymous'),
    yes: t('polls.csv.yes'),
    no: t('polls.csv.no'),
  };
  const { columns, rows } = pollCsv(poll, votes, words);
  return csvDownload(csvFileName(poll), columns, rows);
}
