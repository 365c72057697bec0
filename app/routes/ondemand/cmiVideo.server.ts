import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { tenantUrl } from '#server/config/tenantOrigin.server';
import { getSessionUser, requireUser } from '#server/identity/session.server';
import { readForm } from '#server/http/readForm.server';
import { getFixedT } from '#server/i18n.server';
import { canManageMedia } from '#server/media/access.server';
import { isLibraryUser } from '#server/media/libraryApi.server';
import { mediaView } from '#server/media/view.server';
import { channelIntroVideo, introCandidates, introVideo, isIntroCandidate } from '#server/media/ondemand/intro.server';
import { NO_STORE } from '#server/http/responses.server';

const organizerIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

/**
 * /cmiVideo: `?organizerId=` shows that organizer's introduction video to anyone who may see it
 * (404 when there is none to show, so the page tells nothing about who is a member); without it,
 * the signed-in organizer's own page, where they choose the video from their library. A malformed
 * id answers 400.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { context, request } = args;
  const url = new URL(request.url);
  if (url.searchParams.has('channel')) return channelLoader(args, url);
  const raw = url.searchParams.get('organizerId');
  const viewer = raw === null ? await requireUser(args) : await getSessionUser(args);
  if (raw !== null && !organizerIdSchema.safeParse(raw).success) throw new Response('Bad Request', { status: 400, headers: NO_STORE });
  const organizerId = raw ?? viewer!.sub;
  const owner = viewer !== null && viewer.sub === organizerId && isLibraryUser(viewer);
  if (raw === null && !owner) throw new Response('Forbidden', { status: 403, headers: NO_STORE });

  const intro = await introVideo(context.data, organizerId, viewer);
  if (!owner && !intro.item) throw new Response('Not Found', { status: 404, headers: NO_STORE });
  const view = intro.item ? await mediaView(context.data.files, intro.item, { canManage: canManageMedia(viewer, intro.item) }) : null;
  const candidates = owner ? (await introCandidates(context.data, viewer)).map((item) => ({ id: item.id, title: item.title, durationSeconds: item.derived.durationSeconds ?? null })) : [];
  const t = await getFixedT(context.languageTag);
  const name = intro.item?.ownerName ?? '';
  return json(
    {
      owner,
      view,
      name,
      chosenId: owner ? intro.chosenId : null,
      candidates,
      shareUrl: tenantUrl(context.tenant, context.env, `/cmiVideo?organizerId=${encodeURIComponent(organizerId)}`),
      title: name ? t('ondemand.cmiVideo.titleOf', { name }) : t('ondemand.cmiVideo.title'),
    },
    { headers: NO_STORE },
  );
}

/** /cmiVideo?channel=: a channel's introduction video (404 when there is none this viewer may see). */
async function channelLoader(args: LoaderFunctionArgs, url: URL) {
  const { context } = args;
  const viewer = await getSessionUser(args);
  const channel = await context.data.channels.get(url.searchParams.get('channel') ?? '');
  const item = channel ? await channelIntroVideo(context.data, channel, viewer) : null;
  if (!channel || !item) throw new Response('Not Found', { status: 404, headers: NO_STORE });
  const t = await getFixedT(context.languageTag);
  return json(
    {
      owner: false,
      view: await mediaView(context.data.files, item, { canManage: canManageMedia(viewer, item) }),
      name: channel.name,
      chosenId: null,
      candidates: [] as { id: string; title: string; durationSeconds: number | null }[],
      shareUrl: tenantUrl(context.tenant, context.env, `/cmiVideo?channel=${encodeURIComponent(channel.channelId)}`),
      title: t('ondemand.cmiVideo.titleOf', { name: channel.name }),
    },
    { headers: NO_STORE },
  );
}

const choiceSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('choose'), mediaId: z.string().max(100) }),
  z.object({ intent: z.literal('clear') }),
]);

export type IntroActionResult = { ok: true; saved: 'chosen' | 'cleared' } | { ok: false; mediaId: string };

/** The owner chooses (or removes) their introduction video: one of their own finished videos that others may see. */
export async function action(args: ActionFunctionArgs) {
  const { context, request } = args;
  const user = await requireUser(args);
  if (!isLibraryUser(user)) throw new Response('Forbidden', { status: 403, headers: NO_STORE });
  const form = await readForm(request, context.language);
  const parsed = choiceSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return json<IntroActionResult>({ ok: false, mediaId: String(form.get('mediaId') ?? '').slice(0, 100) }, { status: 400, headers: NO_STORE });
  if (parsed.data.intent === 'clear') {
    await context.data.profiles.save(user.sub, { introVideoId: '' });
    return json<IntroActionResult>({ ok: true, saved: 'cleared' }, { headers: NO_STORE });
  }
  const mediaId = parsed.data.mediaId;
  const item = await context.data.media.get(mediaId);
  // Another person's or another tenant's item is not found; one's own that does not qualify is a bad choice.
  if (!item || item.ownerId !== user.sub) return json<IntroActionResult>({ ok: false, mediaId }, { status: 404, headers: NO_STORE });
  if (!isIntroCandidate(user.sub, item)) return json<IntroActionResult>({ ok: false, mediaId }, { status: 400, headers: NO_STORE });
  await context.data.profiles.save(user.sub, { introVideoId: item.id });
  return json<IntroActionResult>({ ok: true, saved: 'chosen' }, { headers: NO_STORE });
}
