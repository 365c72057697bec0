import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { roomMessage } from '#server/services/video.server';
import { chatFileLoader } from '#server/api/chatFiles.server';
import { NO_STORE } from '#server/api/roomRequest.server';

/**
 * GET /api/chat/file?event=<id>&key=<key> → 302 to a short-lived signed URL of one chat file
 * (app/lib/chat/files.ts): images open inline, attachments download under their own name.
 * 401 signed out, 403 blocked or outside the room's hours, 404 for anything outside this event.
 */
export const loader = (args: LoaderFunctionArgs) => chatFileLoader(args);

export function action({ context }: ActionFunctionArgs) {
  return json({ error: 'badRequest', message: roomMessage('methodNotAllowed', context.language) }, { status: 405, headers: { Allow: 'GET', ...NO_STORE } });
}
