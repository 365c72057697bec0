/**
 * Chat images and attachments over HTTP (app/lib/chat/files.ts is the contract):
 * POST /api/chat/upload signs one browser-direct PUT under `chat/<eventId>/<sub>/<id>/<name>`,
 * GET /api/chat/file redirects a viewer who may see the event to a short-lived signed URL.
 * Keys are relative to the tenant's storage prefix, so another tenant's objects are unreachable.
 */
import { randomBytes } from 'node:crypto';
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { chatFileKeySchema, chatFileName, chatFileUrl } from '#app/lib/chat/protocol';
import { CHAT_FILE_RULES, chatFileProblem, chatUploadRequestSchema, safeFileName, type ChatFileKind, type ChatUploadResponse } from '#app/lib/chat/files';
import { eventIdSchema, type EventRecord } from '#app/lib/events/model';
import { flagsOf, isStaff, roleOf, type EventUser } from '#app/lib/events/permissions';
import { getSessionUser } from '#server/identity/index.server';
import { ChatError } from './data/keys.server';
import type { TenantId } from '#app/lib/config/tenant';
import type { TenantData, TenantFiles } from '#server/data/tenantData.server';
import { admitToRoom, type Admission } from '#server/entitlement/index.server';
import { isStorageError, tenantObjectKey } from '#server/platform/storage.server';
import { NO_STORE, readRoomRequest, refuseRoom, refuseAdmission } from '#server/rooms/index.server';
import { refuse } from '#server/http/responses.server';
import { log } from '#server/observability/log.server';

// ---------------------------------------------------------------------------------------------
// Messages of the upload API, in the request's language
// ---------------------------------------------------------------------------------------------

type UploadField = 'eventId' | 'kind' | 'name' | 'type' | 'size';
type MessageTable = {
  badRequest: string;
  fields: Record<UploadField, string>;
  type: Record<ChatFileKind, string>;
  tooLarge: Record<ChatFileKind, (limit: string) => string>;
  unavailable: string;
  megabytes: (n: number) => string;
};

const MESSAGES: Record<'en' | 'es' | 'fr', MessageTable> = {
  en: {
    badRequest: 'The upload request is not valid.',
    fields: {
      eventId: 'The upload request names no valid event.',
      kind: 'The upload request must say whether the file is an image or an attachment.',
      name: 'The file needs a name of at most 200 characters.',
      type: 'The file type is missing.',
      size: 'The file is empty or its size is not valid.',
    },
    type: {
      image: 'This file cannot be sent as an image. Images can be JPEG, PNG, GIF or WebP.',
      attachment: 'This type of file cannot be attached. Attachments can be PDF, text, CSV, ZIP, Word, Excel, PowerPoint, MP3, MP4 or an image.',
    },
    tooLarge: {
      image: (limit) => `This image is too large: images can be at most ${limit}.`,
      attachment: (limit) => `This file is too large: attachments can be at most ${limit}.`,
    },
    unavailable: 'File storage cannot be reached right now. Try again in a moment.',
    megabytes: (n) => `${n} MB`,
  },
  es: {
    badRequest: 'La solicitud de subida no es válida.',
    fields: {
      eventId: 'La solicitud de subida no indica un evento válido.',
      kind: 'La solicitud de subida debe indicar si el archivo es una imagen o un adjunto.',
      name: 'El archivo necesita un nombre de 200 caracteres como máximo.',
      type: 'Falta el tipo del archivo.',
      size: 'El archivo está vacío o su tamaño no es válido.',
    },
    type: {
      image: 'Este archivo no se puede enviar como imagen. Las imágenes pueden ser JPEG, PNG, GIF o WebP.',
      attachment: 'Este tipo de archivo no se puede adjuntar. Los adjuntos pueden ser PDF, texto, CSV, ZIP, Word, Excel, PowerPoint, MP3, MP4 o una imagen.',
    },
    tooLarge: {
      image: (limit) => `Esta imagen es demasiado grande: las imágenes pueden ocupar como máximo ${limit}.`,
      attachment: (limit) => `Este archivo es demasiado grande: los adjuntos pueden ocupar como máximo ${limit}.`,
    },
    unavailable: 'No se puede conectar con el almacenamiento de archivos en este momento. Inténtalo de nuevo en unos instantes.',
    megabytes: (n) => `${n} MB`,
  },
  fr: {
    badRequest: "La demande d'envoi n'est pas valide.",
    fields: {
      eventId: "La demande d'envoi ne désigne aucun événement valide.",
      kind: "La demande d'envoi doit préciser si le fichier est une image ou une pièce jointe.",
      name: 'Le fichier doit avoir un nom de 200 caractères au plus.',
      type: 'Le type du fichier manque.',
      size: "Le fichier est vide ou sa taille n'est pas valide.",
    },
    type: {
      image: 'Ce fichier ne peut pas être envoyé comme image. Les images peuvent être au format JPEG, PNG, GIF ou WebP.',
      attachment:
        'Ce type de fichier ne peut pas être joint. Les pièces jointes peuvent être au format PDF, texte, CSV, ZIP, Word, Excel, PowerPoint, MP3, MP4 ou une image.',
    },
    tooLarge: {
      image: (limit) => `Cette image est trop volumineuse : les images ne doivent pas dépasser ${limit}.`,
      attachment: (limit) => `Ce fichier est trop volumineux : les pièces jointes ne doivent pas dépasser ${limit}.`,
    },
    unavailable: "Le stockage des fichiers est injoignable pour le moment. Réessayez dans un instant.",
    megabytes: (n) => `${n} Mo`,
  },
};

const messagesFor = (language: string): MessageTable => (MESSAGES as Record<string, MessageTable>)[language] ?? MESSAGES.en;

/** The 400 message of an upload request the schema refused: the first field at fault, in the request's language. */
export function uploadRequestMessage(error: z.ZodError, language: string): string {
  const table = messagesFor(language);
  const field = error.issues[0]?.path[0];
  return typeof field === 'string' && field in table.fields ? table.fields[field as UploadField] : table.badRequest;
}

/** The 400 message of a file refused for its type or size; a size names the kind's limit. */
export function fileProblemMessage(kind: ChatFileKind, problem: 'type' | 'tooLarge', language: string): string {
  const table = messagesFor(language);
  if (problem === 'type') return table.type[kind];
  return table.tooLarge[kind](table.megabytes(Math.round(CHAT_FILE_RULES[kind].maxBytes / (1024 * 1024))));
}

// ---------------------------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------------------------

/** Every chat file of an event lives under this prefix (inside the tenant's prefix). */
export const chatFilePrefix = (eventId: string) => `chat/${eventId}/`;

const IMAGE_EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
};
const INLINE_EXTENSIONS = new Set(Object.values(IMAGE_EXTENSIONS).flat());

/**
 * The key's last segment: the file's safe name, with no ".." run (storage refuses those) and, for an
 * image, an extension that matches its type, so the download route can tell images (shown inline)
 * from attachments (saved under their name).
 */
export function chatObjectName(name: string, kind: ChatFileKind, type: string): string {
  // Accents go ("Résumé" → "Resume") rather than turning into underscores.
  let safe = safeFileName(name.normalize('NFKD').replace(/\p{M}/gu, '')).replace(/\.{2,}/g, '.');
  if (kind === 'image') {
    const extensions = IMAGE_EXTENSIONS[type.trim().toLowerCase()];
    const current = safe.includes('.') ? safe.slice(safe.lastIndexOf('.') + 1).toLowerCase() : '';
    if (extensions && !extensions.includes(current)) {
      const suffix = `.${extensions[0]}`;
      safe = safe.replace(/\.+$/, '').slice(0, 100 - suffix.length) + suffix;
    }
  }
  return safe.replace(/^[.]+/, '') || 'file';
}

/** `chat/<eventId>/<userSub>/<random id>/<name>`: the id (16 url-safe characters, 96 random bits) makes every upload's key unguessable and unique. */
export function chatUploadKey(eventId: string, userSub: string, objectName: string, id = randomBytes(12).toString('base64url')): string {
  return `${chatFilePrefix(eventId)}${userSub}/${id}/${objectName}`;
}

/** Whether a chat key is served inline (an image, by the extension its upload gave it) rather than as a download. */
export function isInlineImageKey(key: string): boolean {
  const name = chatFileName(key);
  const dot = name.lastIndexOf('.');
  return dot > 0 && INLINE_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}

/**
 * A key a viewer of this event may ask for: the protocol's key shape, inside the event's prefix,
 * and acceptable to storage. Anything else is answered like a missing file.
 */
export function viewableChatKey(eventId: string, key: string, tenantId: TenantId): boolean {
  if (!chatFileKeySchema.safeParse(key).success || !key.startsWith(chatFilePrefix(eventId))) return false;
  try {
    tenantObjectKey(tenantId, key);
    return true;
  } catch {
    return false;
  }
}

/**
 * The chat URLs of the files a sender names in a message: each key must lie under the sender's own
 * prefix in the event (`chat/<eventId>/<sub>/`), exist in storage and have one of `types`; any
 * other key refuses the message with `badFile`.
 */
export async function checkChatFiles(
  files: Pick<TenantFiles, 'contentType'>,
  sender: { eventId: string; sub: string },
  keys: string[],
  types: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(keys)];
  const prefix = `${chatFilePrefix(sender.eventId)}${sender.sub}/`;
  if (unique.some((key) => !key.startsWith(prefix))) throw new ChatError('badFile');
  await Promise.all(
    unique.map(async (key) => {
      let type: string | undefined;
      try {
        type = await files.contentType(key);
      } catch (e) {
        const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const name = (e as Error).name;
        if (status === 404 || name === 'NotFound' || name === 'NoSuchKey' || name === 'StorageError') throw new ChatError('badFile');
        throw e;
      }
      if (!type || !types.includes(type.split(';')[0]!.trim().toLowerCase())) throw new ChatError('badFile');
    }),
  );
  return unique.map((key) => chatFileUrl(sender.eventId, key));
}

// ---------------------------------------------------------------------------------------------
// Who may see an event's files
// ---------------------------------------------------------------------------------------------

/**
 * The room's own admission (admitToRoom: blocks, opening times, the event's end, the ticket of an
 * event that sells its seats), except that the organizer, hosts and tenant admins may look at any
 * time, so the history stays reviewable after the room closes.
 */
export function chatFilesAccess(data: TenantData, event: EventRecord, user: EventUser, now: number): Promise<Admission> {
  const role = roleOf(event, user);
  if (isStaff(role) && !flagsOf(event, user).isUserBlocked) return Promise.resolve({ ok: true, role });
  return admitToRoom(data, event, user, now);
}

// ---------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------

/** Signed download URLs live this long; the redirect to one is cached for less (FILE_CACHE). */
const DOWNLOAD_SECONDS = 300;
const FILE_CACHE = { 'Cache-Control': 'private, max-age=60' };
/** Upload URLs live this long: enough for a 25 MB attachment on a slow connection to start. */
const UPLOAD_SECONDS = 600;

/** POST /api/chat/upload: see app/lib/chat/files.ts. */
export async function chatUploadAction(args: ActionFunctionArgs): Promise<Response> {
  const { context } = args;
  const language = context.language;
  const request = await readRoomRequest(args, z.unknown(), 'POST');
  if (request instanceof Response) return request;
  const { user } = request;
  const parsed = chatUploadRequestSchema.safeParse(request.data);
  if (!parsed.success) return refuse(400, 'badRequest', uploadRequestMessage(parsed.error, language));
  const { eventId, kind, name, type, size } = parsed.data;

  const event = await context.data.events.getFor(eventId, user);
  if (!event) return refuseRoom(404, 'notFound', language);
  const admission = await admitToRoom(context.data, event, user);
  if (!admission.ok) return refuseAdmission(admission, language);

  const problem = chatFileProblem(kind, type, size);
  if (problem) return refuse(400, problem, fileProblemMessage(kind, problem, language));

  const key = chatUploadKey(event.eventId, user.sub, chatObjectName(name, kind, type));
  const rules = CHAT_FILE_RULES[kind];
  try {
    const upload = await context.data.files.presignUpload({
      key,
      contentType: type,
      size,
      maxBytes: rules.maxBytes,
      allowedTypes: rules.types,
      expiresIn: UPLOAD_SECONDS,
    });
    const body: ChatUploadResponse = { key, upload: { url: upload.url, method: 'PUT', headers: { ...upload.headers }, expiresAt: upload.expiresAt } };
    return json(body, { headers: NO_STORE });
  } catch (e) {
    if (isStorageError(e)) {
      if (e.code === 'TYPE_NOT_ALLOWED' || e.code === 'TOO_LARGE') {
        const refused = e.code === 'TOO_LARGE' ? 'tooLarge' : 'type';
        return refuse(400, refused, fileProblemMessage(kind, refused, language));
      }
      return refuse(400, 'badRequest', messagesFor(language).badRequest);
    }
    log.warn(`[chat] upload signing failed: ${(e as Error).message}`);
    return refuse(503, 'unavailable', messagesFor(language).unavailable);
  }
}

/** GET /api/chat/file?event=&key=: see app/lib/chat/files.ts. */
export async function chatFileLoader(args: LoaderFunctionArgs): Promise<Response> {
  const { request, context } = args;
  const language = context.language;
  const user = await getSessionUser(args);
  if (!user) return refuseRoom(401, 'unauthenticated', language);
  const params = new URL(request.url).searchParams;
  const eventId = eventIdSchema.safeParse(params.get('event') ?? '');
  const key = params.get('key') ?? '';
  if (!eventId.success || !viewableChatKey(eventId.data, key, context.data.tenantId)) return refuseRoom(404, 'notFound', language);
  const event = await context.data.events.getFor(eventId.data, user);
  if (!event) return refuseRoom(404, 'notFound', language);
  const access = await chatFilesAccess(context.data, event, user, Date.now());
  if (!access.ok) return refuseAdmission(access, language);
  let url: string;
  try {
    url = await context.data.files.presignDownload({
      key,
      expiresIn: DOWNLOAD_SECONDS,
      ...(isInlineImageKey(key) ? {} : { fileName: chatFileName(key) }),
    });
  } catch (e) {
    log.warn(`[chat] download signing failed: ${(e as Error).message}`);
    return refuse(503, 'unavailable', messagesFor(language).unavailable);
  }
  return new Response(null, { status: 302, headers: { Location: url, ...FILE_CACHE } });
}
