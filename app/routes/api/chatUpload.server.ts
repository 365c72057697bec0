import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { chatUploadAction } from '#server/chat/chatFiles.server';
import { methodNotAllowed } from '#server/http/responses.server';

/**
 * POST /api/chat/upload {eventId, kind, name, type, size} → a presigned PUT for one chat image or
 * attachment (app/lib/chat/files.ts): 401 signed out, 400 badRequest / type / tooLarge, 404 not
 * this tenant's event, 403 with the room's refusal (blocked, notYetOpen, ended, expired, cancelled).
 */
export const action = (args: ActionFunctionArgs) => chatUploadAction(args);

export function loader({ context }: LoaderFunctionArgs) {
  return methodNotAllowed(context.languageTag, 'POST');
}
