/**
 * POST /api/speech/tts {text, language, voiceId?, rate?} → the text read aloud as an MP3
 * attachment. The socket's rules (docs/decisions/0046): a signed-in session of this tenant (401),
 * the speak request's schema (400 with the fields), the same per-user gate (429 + Retry-After),
 * an engine that is missing or fails (503). Every refusal is { error, message } in the caller's language.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { speakRequestSchema, type TtsErrorCode } from '#app/lib/speech/ttsProtocol';
import { methodNotAllowed, NO_STORE, refuse } from '#server/http/responses.server';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '#server/identity/session.server';
import { attachmentDisposition } from '#server/platform/storage.server';
import { encodePcm } from '#server/platform/speech/audio.server';
import { admitSynthesis, failureCode } from '#server/speech/tts/synthesis.server';

const STATUS: Record<TtsErrorCode, number> = { unauthenticated: 401, badFrame: 400, busy: 429, rateLimited: 429, unknownVoice: 400, engine: 503, internal: 500 };

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context.languageTag, 'POST');
  const t = await getFixedT(context.languageTag);
  const refuseSpeech = (code: TtsErrorCode, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) => refuse(STATUS[code], code, t(`voice.errors.${code}`), { extra, headers });

  const user = await getSessionUser({ request, context });
  if (!user) return refuseSpeech('unauthenticated');
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return refuseSpeech('badFrame');
  }
  const parsed = speakRequestSchema.strict().safeParse(body);
  if (!parsed.success) return refuseSpeech('badFrame', { fields: parsed.error.issues.map((i) => i.path.join('.')) });

  const abort = new AbortController();
  request.signal.addEventListener('abort', () => abort.abort(), { once: true });
  const { tts } = context.services.speech.forTenant(context.tenant);
  const admitted = await admitSynthesis(tts, context.services.ttsGate, { tenantId: context.tenant.id, userSub: user.sub }, parsed.data, abort.signal);
  if (!('chunks' in admitted)) {
    const retry = admitted.retryAfterSeconds;
    return refuseSpeech(admitted.code, retry ? { retryAfterSeconds: retry } : {}, retry ? { 'Retry-After': String(retry) } : {});
  }
  let mp3: Buffer;
  try {
    const pcm: Buffer[] = [];
    for await (const chunk of admitted.chunks) pcm.push(chunk);
    mp3 = await encodePcm(Buffer.concat(pcm), tts.sampleRate, 'mp3', abort.signal);
  } catch (e) {
    const code = failureCode(e);
    if (code === 'internal') console.error(`[tts] download failed: ${(e as Error).message}`);
    return refuseSpeech(code);
  }
  return new Response(new Uint8Array(mp3), {
    status: 200,
    headers: { 'Content-Type': 'audio/mpeg', 'Content-Length': String(mp3.length), 'Content-Disposition': attachmentDisposition(t('voice.download.fileName')), ...NO_STORE },
  });
}

export const loader = ({ context }: LoaderFunctionArgs) => methodNotAllowed(context.languageTag, 'POST');
