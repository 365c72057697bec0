/**
 * The transcription API (/transcribeAudio; docs/decisions/0047):
 *   GET  /api/transcripts?media=<id>        the person's transcript of the item (TranscriptView)
 *   POST /api/transcripts {mediaId, language} transcribe an audio or video item the person may see
 *   POST /api/transcripts/cues {mediaId, cues}  save the edited cues of a finished transcript
 *   POST /api/transcripts/captions {mediaId, language?, vtt?}  attach captions to the item: the
 *        person's finished transcript, or an uploaded WebVTT file (its problems named by line)
 * An item the person may not see answers 404 like a missing one; errors are JSON with a message in
 * the request's language.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { KeyIn } from '#app/lib/i18n/keys';
import { mediaLanguageSchema, type MediaItem } from '#app/lib/media/model';
import { parseVtt, toVtt } from '#app/lib/speech/captions';
import { MAX_CUES, saveCuesSchema, startTranscriptSchema, transcriptView } from '#app/lib/speech/transcript';
import type { SessionUser } from '#app/lib/identity/types';
import { getSessionUser } from '#server/identity/index.server';
import { getFixedT } from '../../i18n.server';
import { captionsKey } from '#server/media/index.server';
import { canManageMedia, mayViewMedia } from '#server/media/index.server';
import { jsonBody, methodNotAllowed, NO_STORE, NOT_JSON, refuse } from '#server/http/responses.server';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;
export type TranscriptApiError = 'badRequest' | 'signIn' | 'notFound' | 'forbidden' | 'notAudio' | 'notReady' | 'language' | 'unavailable' | 'notDone' | 'badVtt';

const MEDIA_ID = z.string().regex(/^[a-z0-9]{21}$/);
/** The largest WebVTT file accepted (an hour of dense captions is about 100 KB). */
export const MAX_VTT_CHARS = 512 * 1024;

export async function refuseTranscript(status: number, error: TranscriptApiError, language: string, extra: Record<string, unknown> = {}) {
  const t = await getFixedT(language);
  const key: KeyIn<'transcribe.api'> = `transcribe.api.${error}`;
  return refuse(status, error, t(key), { extra });
}

/**
 * The signed-in person and the body, or the 405/401/404/400 answer. The named item is looked up
 * before the rest of the body is judged: one the person may not see, or another tenant's, answers
 * 404 whatever else was sent.
 */
async function postBody<S extends z.ZodType>(args: Args, schema: S): Promise<Response | { user: SessionUser; body: z.infer<S> }> {
  const { request, context } = args;
  if (request.method !== 'POST') return methodNotAllowed(context.language, 'POST');
  const user = await getSessionUser({ request, context });
  if (!user) return refuseTranscript(401, 'signIn', context.language);
  const raw = await jsonBody(request);
  if (raw === NOT_JSON) return refuseTranscript(400, 'badRequest', context.language);
  const named = MEDIA_ID.safeParse((raw as { mediaId?: unknown } | null)?.mediaId);
  if (named.success && !(await visibleItem(args, user, named.data))) return refuseTranscript(404, 'notFound', context.language);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return refuseTranscript(400, 'badRequest', context.language);
  return { user, body: parsed.data as z.infer<S> };
}

async function visibleItem({ context }: Args, user: SessionUser, id: string): Promise<MediaItem | null> {
  const item = await context.data.media.get(id);
  return item && (await mayViewMedia(context.data, user, item)) ? item : null;
}

export async function transcriptLoader({ request, context }: LoaderFunctionArgs): Promise<Response> {
  const user = await getSessionUser({ request, context });
  if (!user) return refuseTranscript(401, 'signIn', context.language);
  const id = MEDIA_ID.safeParse(new URL(request.url).searchParams.get('media'));
  if (!id.success) return refuseTranscript(400, 'badRequest', context.language);
  const record = await context.data.transcripts.get(user.sub, id.data);
  if (!record) return refuseTranscript(404, 'notFound', context.language);
  return json({ transcript: transcriptView(record) }, { headers: NO_STORE });
}

export async function startTranscriptAction(args: ActionFunctionArgs): Promise<Response> {
  const { context } = args;
  const read = await postBody(args, startTranscriptSchema);
  if (read instanceof Response) return read;
  const { user, body } = read;
  const item = await visibleItem(args, user, body.mediaId);
  if (!item) return refuseTranscript(404, 'notFound', context.language);
  if (item.kind !== 'audio' && item.kind !== 'video') return refuseTranscript(400, 'notAudio', context.language);
  if (item.status === 'uploading') return refuseTranscript(409, 'notReady', context.language);
  const { stt } = context.services.speech.forTenant(context.tenant);
  // An engine that knows no language (aws without credentials) takes no job, not even 'auto'.
  if (!stt.languages().length || (body.language !== 'auto' && !stt.languages().includes(body.language))) return refuseTranscript(400, 'language', context.language);
  const queue = context.services.mediaQueue;
  if (!queue) return refuseTranscript(503, 'unavailable', context.language);
  const record = await context.data.transcripts.queue({ ownerId: user.sub, mediaId: item.id, language: body.language, title: item.title });
  try {
    await queue.enqueueTranscription({ tenantId: context.tenant.id, mediaId: item.id, ownerId: user.sub, language: body.language });
  } catch {
    await context.data.transcripts.update(user.sub, item.id, { status: 'failed', failure: 'engine' });
    return refuseTranscript(503, 'unavailable', context.language);
  }
  return json({ transcript: transcriptView(record) }, { status: 202, headers: NO_STORE });
}

export async function saveCuesAction(args: ActionFunctionArgs): Promise<Response> {
  const read = await postBody(args, saveCuesSchema);
  if (read instanceof Response) return read;
  const { user, body } = read;
  const { context } = args;
  const existing = await context.data.transcripts.get(user.sub, body.mediaId);
  if (!existing) return refuseTranscript(404, 'notFound', context.language);
  const saved = await context.data.transcripts.saveCues(user.sub, body.mediaId, body.cues);
  if (!saved) return refuseTranscript(409, 'notDone', context.language);
  return json({ transcript: transcriptView(saved) }, { headers: NO_STORE });
}

const attachSchema = z.object({
  mediaId: MEDIA_ID,
  /** Required with a file; a transcript's own language otherwise. */
  language: mediaLanguageSchema.optional(),
  vtt: z.string().max(MAX_VTT_CHARS).optional(),
});

export async function attachCaptionsAction(args: ActionFunctionArgs): Promise<Response> {
  const read = await postBody(args, attachSchema);
  if (read instanceof Response) return read;
  const { user, body } = read;
  const { context } = args;
  const item = await visibleItem(args, user, body.mediaId);
  if (!item) return refuseTranscript(404, 'notFound', context.language);
  if (!canManageMedia(user, item)) return refuseTranscript(403, 'forbidden', context.language);
  if (item.kind !== 'audio' && item.kind !== 'video') return refuseTranscript(400, 'notAudio', context.language);

  let vtt: string;
  let language: string;
  let cueCount: number;
  let source: 'transcript' | 'upload';
  if (body.vtt !== undefined) {
    if (!body.language) return refuseTranscript(400, 'badRequest', context.language);
    const parsed = parseVtt(body.vtt);
    if ('error' in parsed) return refuseTranscript(400, 'badVtt', context.language, { line: parsed.error.line, problem: parsed.error.problem });
    if (parsed.cues.length > MAX_CUES) return refuseTranscript(400, 'badRequest', context.language);
    ({ vtt, language, cueCount, source } = { vtt: body.vtt, language: body.language, cueCount: parsed.cues.length, source: 'upload' });
  } else {
    const transcript = await context.data.transcripts.get(user.sub, item.id);
    if (!transcript) return refuseTranscript(404, 'notFound', context.language);
    if (transcript.status !== 'done') return refuseTranscript(409, 'notDone', context.language);
    const cues = transcript.cues.filter((c) => c.text.trim());
    ({ vtt, language, cueCount, source } = { vtt: toVtt(cues), language: transcript.language, cueCount: cues.length, source: 'transcript' });
  }
  await context.data.files.put({ key: captionsKey(item.id, language), body: Buffer.from(vtt, 'utf8'), contentType: 'text/vtt' });
  const updated = await context.data.media.setCaptions(item.id, { language, source, cueCount });
  if (!updated) return refuseTranscript(404, 'notFound', context.language);
  return json({ captions: Object.values(updated.captions ?? {}).map(({ language: l, source: s, cueCount: n }) => ({ language: l, source: s, cueCount: n })) }, { headers: NO_STORE });
}
