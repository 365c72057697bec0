/**
 * Focused regression tests for holes the fuzz suite (security-fuzz.spec.ts) found outside the
 * ones issue 10 names, each failing on the code before its fix.
 */
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { createUser, sessionCookie } from './session-helpers';

test('a rehearsal post that is not a form is refused with a clear 4xx, not a server error', async ({ request }) => {
  const cookie = await sessionCookie(request, await createUser('aurora', 'rehearse-junk', 'organizer'));
  const origin = { Origin: new URL(tenantUrl('aurora')).origin };
  // Screens take form submissions only (docs/decisions/0015): other types get 415, a form that cannot be read 400.
  for (const [type, data, status, message] of [
    ['application/json', '{"title":"Sound check","layout":"ils"}', 415, 'This page accepts form submissions only'],
    ['text/plain', 'title=Sound check', 415, 'This page accepts form submissions only'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nunterminated', 400, 'The form data could not be read.'],
  ] as const) {
    const res = await tenantApi(request, 'aurora').post('/testScheduler', { headers: { ...origin, Cookie: cookie, 'Content-Type': type }, data, maxRedirects: 0 });
    expect(res.status(), type).toBe(status);
    expect(await res.text(), type).toContain(message);
  }
});
