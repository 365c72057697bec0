import { describe, expect, it } from 'vitest';
import { expectsForm, formBodyProblem, mediaType } from './formBodies';

describe('form bodies of screens', () => {
  it('applies to every method that can run an action, outside /api/', () => {
    expect(expectsForm('POST', '/contactUs')).toBe(true);
    expect(expectsForm('DELETE', '/scheduleEvents')).toBe(true);
    expect(expectsForm('POST', '/someFutureScreen')).toBe(true);
    expect(expectsForm('GET', '/contactUs')).toBe(false);
    expect(expectsForm('HEAD', '/contactUs')).toBe(false);
    expect(expectsForm('POST', '/api/events/room')).toBe(false);
  });

  it('reads the media type without parameters or case', () => {
    expect(mediaType('Multipart/Form-Data; boundary=x')).toBe('multipart/form-data');
    expect(mediaType(undefined)).toBe('');
  });

  it('accepts URL-encoded and well-formed multipart bodies', async () => {
    expect(await formBodyProblem('application/x-www-form-urlencoded; charset=UTF-8', Buffer.from('%zz=%%&&=='))).toBeNull();
    expect(await formBodyProblem('application/x-www-form-urlencoded', undefined)).toBeNull();
    const multipart = '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n';
    expect(await formBodyProblem('multipart/form-data; boundary=xyz', Buffer.from(multipart))).toBeNull();
  });

  it('calls anything else not a form, and a broken multipart body unreadable', async () => {
    for (const type of ['application/json', 'text/plain', undefined, '', 'application/x-www-form-urlencodedx', 'form-data']) {
      expect(await formBodyProblem(type, Buffer.from('{}')), String(type)).toBe('notAForm');
    }
    for (const [type, body] of [
      ['multipart/form-data; boundary=xyz', 'this is not multipart at all'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated'],
      ['multipart/form-data', '--xyz\r\n\r\n1\r\n--xyz--\r\n'],
      ['multipart/form-data; boundary=xyz', ''],
    ] as const) {
      expect(await formBodyProblem(type, Buffer.from(body)), body).toBe('unreadableForm');
    }
  });
});
