/**
 * The live room's join path (docs/decisions/0024): a signed-in person's GET of a room page is
 * answered with the room's shared shell when they may enter now. Everything else (signed out, not
 * found, lobby, blocked, ended…) takes the ordinary render, which answers exactly as before.
 */
import type { Request as ExpressRequest } from 'express';
import type { AppContext } from '#server/context';
import { getSessionUser } from '#server/identity/index.server';
import { layoutOfPath, roomEntry } from './roomEntry.server';

/** A browser's document request for a room layout path (not a Remix data request). */
export function isRoomDocumentRequest(req: Pick<ExpressRequest, 'method' | 'path' | 'query'>): boolean {
  return req.method === 'GET' && layoutOfPath(req.path) !== null && req.query._data === undefined;
}

/** Whether this request's verified user may enter the room named by its URL right now. */
export async function mayEnterRoom(request: Request, context: AppContext): Promise<boolean> {
  // A copy: Remix's AppLoadContext type wants an index signature the AppContext interface has not.
  const user = await getSessionUser({ request, context: { ...context } });
  if (!user) return false;
  const entry = await roomEntry(context.data, user, new URL(request.url).searchParams.get('event'));
  return entry.kind === 'room' && entry.admission.ok;
}
