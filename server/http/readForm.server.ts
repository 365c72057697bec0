import { FORM_MEDIA_TYPES, mediaType } from './formBodies';
import { httpMessages } from './messages';

/**
 * The one way a route action reads its form. A body that is not a form answers 415, one that does
 * not parse 400, each with a clear message in the request's language, never a 500. The server
 * refuses such bodies before any route runs (server/http/formBodies.ts); this is the same rule at
 * the action, so an action is safe however it is reached.
 */
export async function readForm(request: Request, language: string): Promise<FormData> {
  const messages = httpMessages(language);
  const refuse = (status: number, message: string) =>
    new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  if (!FORM_MEDIA_TYPES.has(mediaType(request.headers.get('content-type')))) throw refuse(415, messages.notAForm);
  try {
    return await request.formData();
  } catch {
    throw refuse(400, messages.unreadableForm);
  }
}
