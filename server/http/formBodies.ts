/**
 * Screens take HTML forms, nothing else. Every request to a screen that can run an action (any
 * method but GET and HEAD) must carry a form body: application/x-www-form-urlencoded or
 * multipart/form-data (415 otherwise), and a multipart body must parse (400 otherwise). Checked
 * once in server/app.ts for every path outside /api/, so a route added later is covered too;
 * route actions read their form through server/http/readForm.server.ts, which applies the same rule.
 */

export const FORM_MEDIA_TYPES: ReadonlySet<string> = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

export type FormProblem = 'notAForm' | 'unreadableForm';

/** "Multipart/Form-Data; boundary=x" → "multipart/form-data"; no header → "". */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Only a screen's action reads a form: every method but GET and HEAD, on every path outside /api/. */
export function expectsForm(method: string, path: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && !path.startsWith('/api/');
}

/**
 * Why `body` cannot be read as the form its Content-Type says, or null. URL-encoded bodies always
 * parse (the format has no invalid input); multipart is parsed the way the route will parse it.
 */
export async function formBodyProblem(contentType: string | undefined, body: Buffer<ArrayBuffer> | undefined): Promise<FormProblem | null> {
  const type = mediaType(contentType);
  if (!FORM_MEDIA_TYPES.has(type)) return 'notAForm';
  if (type === 'multipart/form-data') {
    try {
      await new Response(body ?? Buffer.alloc(0), { headers: { 'Content-Type': contentType! } }).formData();
    } catch {
      return 'unreadableForm';
    }
  }
  return null;
}
