/**
 * Focused regression tests for holes the fuzz suite (security-fuzz.spec.ts) found outside the
 * ones issue 10 names, each failing on the code before its fix.
 */
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { createUser, sessionCookie } from './session-helpers';

test('a rehearsal post that is not a form answers 400 with the field errors, not a server error', async ({ request }) => {
  const cookie = await sessionCookie(request, await createUser('aurora', 'rehearse-junk', 'organizer'));
  const origin = { Origin: new URL(tenantUrl('aurora')).origin };
  for (const [type, data] of [
    ['application/json', '{"title":"Sound check","layout":"ils"}'],
    ['text/plain', 'title=Sound check'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nunterminated'],
  ] as const) {
    const res = await tenantApi(request, 'aurora').post('/testScheduler', { headers: { ...origin, Cookie: cookie, 'Content-Type': type }, data, maxRedirects: 0 });
    expect(res.status(), type).toBe(400);
    expect(await res.text(), type).toContain('Choose a room layout from the list.');
  }
});
