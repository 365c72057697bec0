/**
 * The entitlement matrix's HTTP requests, generated from the endpoint catalog and the paid event:
 *  - declared: every `entitlement` placement of the route table and the server's list, holding
 *    the paid event (or each of its media items, or its chat file), asked by every caller on GET
 *    and by every caller the rule refuses on POST (an admitted caller's POST would change the
 *    event): the status must fit the rule (served to the admitted, 401/403/404 or sign-in to the
 *    rest) and no answer may show a marker the caller may not see;
 *  - sweep: every route, declared or not, with every known id placement at once holding the paid
 *    event's ids, asked by each caller short of a ticket: no marker they may not see, so a route
 *    that serves the event's content without a declaration is still caught.
 * GETs and POSTs come as two lists: the POSTs run last, so nothing they might change spoils a read.
 */
import type { Endpoint, Entitlement, IdKind, Serves } from './catalog';
import { isFollowable, type Followable } from './entitlement-follow';
import { isAllowed, leakedMarkers, describeLeak, statusProblem, textOf, type Caller } from './entitlement-rule';
import type { PaidEvent } from './entitlement-seed';
import type { RawRequest, RawResponse } from './http';
import { allPlacements } from './matrix-jobs';
import type { Job, Problem } from './runner';

export interface EntitlementContext {
  host: string;
  origin: string;
  paid: PaidEvent;
  /** Answers to follow afterwards (entitlement-follow.ts): playlists and redirects out of the app given to a caller the rule refuses. */
  follow: Followable[];
}

/** Counts of declared requests answered as the rule says: served to an admitted caller, refused to the rest. */
export interface Tally {
  allowed: number;
  refused: number;
}

/** Fields a body needs besides the ids for the request to reach its lookups (zod objects ignore the rest). */
const JSON_FILLER = { intent: 'block', kind: 'attachment', name: 'notes.txt', type: 'text/plain', size: 10, language: 'en', seconds: 1, request: { method: 'PUT', key: 'media/x/original.bin' } };
const FORM_FILLER: Record<string, string> = { intent: 'cancel' };

/**
 * Callers of the sweep: those entitled to nothing of the event, and the replay-only holder (its
 * live content). Ticket holders and staff may see nearly all of it.
 */
const SWEEP_ROLES = new Set(['anonymous', 'member', 'otherOrganizer', 'replayHolder']);

type Where = 'query' | 'body' | 'form' | 'actionQuery';

/** "query.event" → where and name. */
export function placementOf(text: string): { where: Where; name: string } {
  const [where, name] = text.split('.') as [Where, string];
  return { where, name };
}

/** The paid event's value for an id of this kind. */
function valueOf(paid: PaidEvent, kind: IdKind | undefined): string | string[] {
  switch (kind) {
    case 'event':
      return paid.eventId;
    case 'shortCode':
      return paid.shortCode;
    case 'chatFile':
      return paid.chat.key;
    case 'chatFileList':
      return [paid.chat.key];
    case 'chatMessage':
      return paid.chat.msgId;
    case 'media':
      return paid.media[0]!.video.item.id;
    case 'user':
      return paid.organizerSub;
    case 'channel':
      return paid.channelId;
    case 'poll':
      return paid.pollId;
    default:
      return '';
  }
}

const query = (entries: Array<[string, string | string[]]>) =>
  entries.length ? `?${entries.flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(x)}`)).join('&')}` : '';

function requestText(req: RawRequest): string {
  return `${req.target}\n${req.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}\n${req.body ?? ''}`;
}

/** The leak rule, and the status rule of a declared request (`serves` given). */
function check(ctx: EntitlementContext, job: Omit<Job, 'check'>, caller: Caller, serves: Serves | null, tally: Tally): (res: RawResponse) => Problem | null {
  const sent = requestText(job.request);
  const write = job.request.method !== 'GET';
  return (res) => {
    if ((serves === null || !isAllowed(serves, caller.role)) && isFollowable(res)) {
      ctx.follow.push({ endpoint: job.endpoint, method: job.request.method, input: job.input, caller, response: res, sent });
    }
    const leaked = leakedMarkers(ctx.paid.markers, caller.role, textOf(res), sent);
    if (leaked.length) return describeLeak(res.status, leaked);
    if (serves === null) return null;
    const problem = statusProblem(serves, caller, res, write);
    if (!problem && res.status < 500 && (serves === 'live' || serves === 'replay' || serves === 'staff' || serves === 'organizer')) tally[isAllowed(serves, caller.role) ? 'allowed' : 'refused']++;
    return problem;
  };
}

function headersFor(ctx: EntitlementContext, endpoint: Endpoint, caller: Caller, method: string, type?: string): Array<[string, string]> {
  return [
    ['Host', ctx.host],
    ['Accept', endpoint.kind === 'screen' ? 'text/html' : 'application/json'],
    ...(method === 'GET' ? [] : ([['Origin', ctx.origin]] as Array<[string, string]>)),
    ...(caller.cookie ? ([['Cookie', caller.cookie]] as Array<[string, string]>) : []),
    ...(type ? ([['Content-Type', type]] as Array<[string, string]>) : []),
  ];
}

/** The values one declared placement is asked with: the event's id (short code, chat file), or each of its media items of the kinds the route serves. */
function declaredValues(paid: PaidEvent, endpoint: Endpoint, entitlement: Entitlement): Array<{ label: string; value: string | string[]; applies: boolean }> {
  if (entitlement.media) {
    return paid.media.map(({ label, video }) => ({
      label,
      value: placementOf(entitlement.media!).name === 'ids' ? [video.item.id] : video.item.id,
      // A route that serves other kinds still may not leak this one; whether it serves it is its kinds' say.
      applies: !entitlement.kinds || entitlement.kinds.includes(video.item.kind),
    }));
  }
  const { where, name } = placementOf(entitlement.event!);
  const ids = where === 'query' ? endpoint.ids?.query : where === 'actionQuery' ? endpoint.ids?.actionQuery : endpoint.ids?.body;
  return [{ label: 'the event', value: valueOf(paid, ids?.[name] ?? 'event'), applies: true }];
}

/**
 * `only` picks the entitlements asked (the public pages again once the push has ended); `phase`
 * names the moment in each request's description.
 */
export function declaredJobs(
  ctx: EntitlementContext,
  list: Endpoint[],
  callers: Caller[],
  tally: Tally,
  { only = () => true, phase = '' }: { only?: (e: Entitlement) => boolean; phase?: string } = {},
): { reads: Job[]; writes: Job[] } {
  const reads: Job[] = [];
  const writes: Job[] = [];
  for (const endpoint of list) {
    if (endpoint.kind === 'websocket' || endpoint.kind === 'identity') continue;
    for (const entitlement of endpoint.entitlements) {
      const placement = entitlement.event ?? entitlement.media;
      if (!placement || !entitlement.serves || !only(entitlement)) continue;
      const { where, name } = placementOf(placement);
      const serves = entitlement.serves;
      for (const { label, value, applies } of declaredValues(ctx.paid, endpoint, entitlement)) {
        // The route's other ids at the same place, filled with the event's (a chat file's event and key).
        const others = (ids: Record<string, IdKind> | undefined) =>
          Object.entries(ids ?? {})
            .filter(([n]) => n !== name)
            .map(([n, kind]): [string, string | string[]] => [n, valueOf(ctx.paid, kind)]);
        // A media item of a kind the route does not serve: only the leak rule applies, and only those the rule refuses could be shown what they may not see.
        for (const caller of applies ? callers : callers.filter((c) => !isAllowed(serves, c.role))) {
          const add = (into: Job[], request: RawRequest) => {
            const job = { endpoint: endpoint.route, as: caller.as, input: `${phase}${label} in ${placement}`, request };
            into.push({ ...job, check: check(ctx, job, caller, applies ? serves : null, tally) });
          };
          if (where === 'query') {
            if (!endpoint.get) continue;
            add(reads, { method: 'GET', target: endpoint.path + query([[name, value], ...others(endpoint.ids?.query)]), headers: headersFor(ctx, endpoint, caller, 'GET') });
            continue;
          }
          // An admitted caller's POST would act on the event (cancel it, block someone): refused callers only.
          if (!endpoint.post || isAllowed(serves, caller.role)) continue;
          if (where === 'body') {
            const body = JSON.stringify({ ...JSON_FILLER, ...Object.fromEntries(others(endpoint.ids?.body)), [name]: value });
            add(writes, { method: 'POST', target: endpoint.path, headers: headersFor(ctx, endpoint, caller, 'POST', 'application/json'), body });
          } else {
            const form = new URLSearchParams({ ...FORM_FILLER, ...(where === 'form' ? { [name]: String(value) } : {}) }).toString();
            const target = endpoint.path + (where === 'actionQuery' ? query([[name, value]]) : '');
            add(writes, { method: 'POST', target, headers: headersFor(ctx, endpoint, caller, 'POST', 'application/x-www-form-urlencoded'), body: form });
          }
        }
      }
    }
  }
  return { reads, writes };
}

/**
 * Every id placement, name → kind: what the routes declare first (so `id` carries a media id, as
 * the media API reads it), then the entitlements' own placements, then the chat frames' and the
 * likely names of the cross-tenant matrix.
 */
export function sweepPlacements(list: Endpoint[]): Record<string, IdKind> {
  const all: Record<string, IdKind> = {};
  for (const e of list) {
    for (const ids of [e.ids?.query, e.ids?.body, e.ids?.actionQuery]) for (const [name, kind] of Object.entries(ids ?? {})) all[name] ??= kind;
    for (const ent of e.entitlements) {
      if (ent.event) all[placementOf(ent.event).name] ??= 'event';
      if (ent.media) all[placementOf(ent.media).name] ??= 'media';
    }
  }
  for (const [name, kind] of Object.entries(allPlacements(list))) all[name] ??= kind;
  return all;
}

export function sweepJobs(ctx: EntitlementContext, list: Endpoint[], callers: Caller[], tally: Tally): { reads: Job[]; writes: Job[] } {
  const reads: Job[] = [];
  const writes: Job[] = [];
  const every = Object.entries(sweepPlacements(list)).map(([name, kind]): [string, string | string[]] => [name, valueOf(ctx.paid, kind)]);
  const modules = new Set<string>();
  for (const endpoint of list) {
    if (endpoint.kind === 'websocket' || endpoint.kind === 'identity') continue;
    // Routes sharing a module (the room layouts, the social providers) run the same code: the first one stands for them.
    if (endpoint.module && modules.has(endpoint.module)) continue;
    if (endpoint.module) modules.add(endpoint.module);
    for (const caller of callers.filter((c) => SWEEP_ROLES.has(c.role))) {
      const add = (into: Job[], input: string, request: RawRequest) => {
        const job = { endpoint: endpoint.route, as: caller.as, input, request };
        into.push({ ...job, check: check(ctx, job, caller, null, tally) });
      };
      add(reads, 'every id placement in the query', { method: 'GET', target: endpoint.path + query(every), headers: headersFor(ctx, endpoint, caller, 'GET') });
      if (!endpoint.post) continue;
      add(writes, 'every id placement in a JSON body', {
        method: 'POST',
        target: endpoint.path + query(every),
        headers: headersFor(ctx, endpoint, caller, 'POST', 'application/json'),
        body: JSON.stringify({ ...JSON_FILLER, ...Object.fromEntries(every) }),
      });
      if (endpoint.kind === 'screen') {
        const form = new URLSearchParams([...Object.entries(FORM_FILLER), ...every.flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, x]))]);
        add(writes, 'every id placement in a form body', { method: 'POST', target: endpoint.path + query(every), headers: headersFor(ctx, endpoint, caller, 'POST', 'application/x-www-form-urlencoded'), body: form.toString() });
      }
    }
  }
  return { reads, writes };
}
