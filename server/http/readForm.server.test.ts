import { describe, expect, it } from 'vitest';
import { HTTP_MESSAGE_LANGUAGES, httpMessages } from './messages';
import { readForm } from './readForm.server';

const post = (type: string | undefined, body: string) =>
  new Request('http://aurora.localhost/contactUs', { method: 'POST', body, headers: type ? { 'Content-Type': type } : {} });

async function refusal(promise: Promise<unknown>): Promise<{ status: number; text: string }> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: await thrown.text() };
    throw thrown;
  }
  throw new Error('readForm accepted the body');
}

describe('readForm', () => {
  it('returns the form of a URL-encoded or multipart body', async () => {
    expect((await readForm(post('application/x-www-form-urlencoded;charset=UTF-8', 'a=1&b=%C3%A9'), 'en')).get('b')).toBe('é');
    const multipart = '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n';
    expect((await readForm(post('multipart/form-data; boundary=xyz', multipart), 'en')).get('a')).toBe('1');
  });

  it('answers 415 to a body that is not a form, in the request’s language', async () => {
    expect(await refusal(readForm(post('application/json', '{"a":1}'), 'en'))).toEqual({ status: 415, text: httpMessages('en').notAForm });
    expect(await refusal(readForm(post('text/plain', 'a=1'), 'es'))).toEqual({ status: 415, text: httpMessages('es').notAForm });
    expect((await refusal(readForm(post(undefined, 'a=1'), 'fr'))).status).toBe(415);
  });

  it('answers 400 to a multipart body that does not parse', async () => {
    expect(await refusal(readForm(post('multipart/form-data; boundary=x', 'garbage'), 'fr'))).toEqual({ status: 400, text: httpMessages('fr').unreadableForm });
  });

  it('has every refusal message in every language', () => {
    expect([...HTTP_MESSAGE_LANGUAGES].sort()).toEqual(['en', 'es', 'fr']);
    for (const language of HTTP_MESSAGE_LANGUAGES) {
      const m = httpMessages(language);
      for (const text of [m.badHost, m.badRequestLine, m.notAForm, m.unreadableForm, m.tooLarge(64)]) expect(text.length, language).toBeGreaterThan(10);
      if (language !== 'en') expect(m.notAForm).not.toBe(httpMessages('en').notAForm);
    }
  });
});
