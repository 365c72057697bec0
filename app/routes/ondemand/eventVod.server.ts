import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { eventIdSchema } from '#app/lib/events/model';
import { isStaff, roleOf } from '#app/lib/events/permissions';
import { getSessionUser } from '#server/identity/session.server';
import { getFixedT } from '#server/i18n.server';
import { eventVodState, recordingStartMs, type EventVodState } from '#server/media/ondemand/eventVod.server';
import { pollsOnRecording } from '#server/polls/index.server';
import type { PollReplay } from '#app/lib/polls/model';
import { mayWatchReplay } from '#server/entitlement/access.server';
import { previewHref } from '#app/lib/events/model';
import { NO_STORE } from '#server/http/responses.server';

/**
 * /eventVod?eventId=: a past event's recording with chapters and chat replay, or why there is
 * none. A malformed id answers 400; an unknown one (another tenant's too) 404, as do rehearsals
 * and demos to anyone but their organizer and hosts; a recording the viewer may not see 403.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { context, request } = args;
  const id = eventIdSchema.safeParse(new URL(request.url).searchParams.get('eventId') ?? '');
  if (!id.success) throw new Response('Bad Request', { status: 400, headers: NO_STORE });
  const [event, viewer] = await Promise.all([context.data.events.get(id.data), getSessionUser(args)]);
  if (!event) throw new Response('Not Found', { status: 404, headers: NO_STORE });
  const staff = viewer !== null && isStaff(roleOf(event, viewer));
  if (event.kind !== 'event' && !staff) throw new Response('Not Found', { status: 404, headers: NO_STORE });
  // A paid event's replay (or one sold apart) is for ticket or replay holders, the organizer, hosts and tenant admins.
  const gated = !(await mayWatchReplay(context.data, event, viewer));
  const vod: EventVodState = gated ? { state: 'notAllowed', signedIn: viewer !== null } : await eventVodState(context.data, event, viewer);
  // The event's polls at the moments they were launched on this recording (docs/decisions/0081).
  let polls: PollReplay[] = [];
  if (vod.state === 'ready' && vod.chat === 'shown') {
    const item = (await context.data.media.forEvent(event.eventId)).find((m) => m.id === vod.view.id);
    if (item) polls = await pollsOnRecording(context.data, event, recordingStartMs(item), item.derived.durationSeconds ?? null, staff);
  }
  const t = await getFixedT(context.languageTag);
  return json(
    {
      event: { eventId: event.eventId, title: event.title, organizerName: event.organizerName, eventDateTime: event.eventDateTime },
      vod,
      polls,
      /** Set when the replay needs a ticket (or the replay bought apart): where to get it. */
      replayGate: gated ? { buyUrl: previewHref(event.eventId) } : null,
      title: t('ondemand.eventVod.title', { title: event.title }),
    },
    { status: vod.state === 'notAllowed' ? 403 : 200, headers: NO_STORE },
  );
}
