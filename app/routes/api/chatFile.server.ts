import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { chatFileLoader } from '#server/chat/chatFiles.server';
import { methodNotAllowed } from '#server/http/responses.server';

/**
 * GET /api/chat/file?event=<id>&key=<key> → 302 to a short-lived signed URL of one chat file
 * (app/lib/chat/files.ts): images open inline, attachments download under their own name.
 * 401 signed out, 403 blocked or outside the room's hours, 404 for anything outside this event.
 */
export const loader = (args: LoaderFunctionArgs) => chatFileLoader(args);

export function action({ context }: ActionFunctionArgs) {
  return methodNotAllowed(context.languageTag, 'GET');
}
