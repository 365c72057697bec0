/**
 * The common start and the error answers of the media upload API (app/lib/media/uploadApi.ts):
 * POST only, a signed-in user (JSON 401, never a redirect), a JSON body checked with zod (400),
 * and every refusal as { error, message } in the request's language with a 4xx status.
 */
import { json, type ActionFunctionArgs } from '@remix-run/node';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { SessionUser } from '#app/lib/identity/types';
import { MEDIA_KINDS, type MediaKind } from '#app/lib/media/model';
import { byteSize, type UploadErrorCode, type UploadErrorResponse } from '#app/lib/media/uploadApi';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '#server/identity/index.server';
import { jsonBody, methodNotAllowed, NO_STORE, NOT_JSON } from '#server/http/responses.server';

export { NO_STORE };

/** A refusal of the upload API. Thrown inside the handlers, answered by `answer`. */
export class UploadRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: UploadErrorCode,
    /** The message, already in the request's language; the code's plain message when absent. */
    readonly text?: string,
  ) {
    super(code);
    this.name = 'UploadRefusal';
  }
}

export const sizeText = (t: TFunction, bytes: number, language: string) => {
  const { unit, n } = byteSize(bytes, language);
  return t(`upload.units.${unit}`, { n });
};

/** "JPEG, PNG… images, MP4… videos": the types of these kinds, for messages. */
export const typesText = (t: TFunction, kinds: readonly MediaKind[] = MEDIA_KINDS) => kinds.map((k) => t(`upload.typeNames.${k}`)).join('; ');

export function errorBody(t: TFunction, code: UploadErrorCode, text?: string): UploadErrorResponse {
  return { error: code, message: text ?? t(`upload.errors.${code}`) };
}

export interface UploadRequest<T> {
  user: SessionUser;
  data: T;
  t: TFunction;
}

/** Method, session and body of an upload API call; a Response means "answer this". */
export async function readUploadRequest<S extends z.ZodType>({ request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>, schema: S): Promise<Response | UploadRequest<z.infer<S>>> {
  const t = await getFixedT(context.languageTag);
  if (request.method !== 'POST') return methodNotAllowed(context.languageTag, 'POST');
  const user = await getSessionUser({ request, context });
  if (!user) return json(errorBody(t, 'unauthenticated'), { status: 401, headers: NO_STORE });
  const body = await jsonBody(request);
  if (body === NOT_JSON) return json(errorBody(t, 'badRequest'), { status: 400, headers: NO_STORE });
  const parsed = schema.safeParse(body);
  if (!parsed.success) return json(errorBody(t, 'badRequest'), { status: 400, headers: NO_STORE });
  return { user, data: parsed.data, t };
}

/**
 * Runs one upload API call: reads the request, then `handle`; an UploadRefusal becomes its 4xx
 * answer. Anything else is a real failure and goes on to the error handler.
 */
export async function answer<S extends z.ZodType>(
  args: Pick<ActionFunctionArgs, 'request' | 'context'>,
  schema: S,
  handle: (req: UploadRequest<z.infer<S>>) => Promise<unknown>,
): Promise<Response> {
  const req = await readUploadRequest(args, schema);
  if (req instanceof Response) return req;
  try {
    return json(await handle(req), { headers: NO_STORE });
  } catch (e) {
    if (e instanceof UploadRefusal) return json(errorBody(req.t, e.code, e.text), { status: e.status, headers: NO_STORE });
    throw e;
  }
}
