import { describe, expect, it } from 'vitest';
import { jsonBody, methodNotAllowed, NO_STORE, NOT_JSON, refuse } from './responses.server';

describe('methodNotAllowed', () => {
  it.each([
    ['en', 'This address does not take that method; use GET, POST.'],
    ['es', 'Esta dirección no admite ese método; use GET, POST.'],
    ['fr', 'Cette adresse n’accepte pas cette méthode\u202f; utilisez GET, POST.'],
  ])('answers 405 with the allowed methods, uncached, in %s', async (language, message) => {
    const res = await methodNotAllowed(language, 'GET, POST');
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, POST');
    expect(res.headers.get('Cache-Control')).toBe(NO_STORE['Cache-Control']);
    expect(await res.json()).toEqual({ ok: false, error: 'methodNotAllowed', message });
  });
});

describe('jsonBody', () => {
  const post = (body: string) => new Request('http://x/api', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
  it('gives the parsed body, whatever its shape, for a schema to judge', async () => {
    expect(await jsonBody(post('{"a":1}'))).toEqual({ a: 1 });
    expect(await jsonBody(post('null'))).toBeNull();
    expect(await jsonBody(post('[1]'))).toEqual([1]);
  });
  it('gives NOT_JSON for a body that is not JSON or is empty', async () => {
    expect(await jsonBody(post('{"a":'))).toBe(NOT_JSON);
    expect(await jsonBody(post(''))).toBe(NOT_JSON);
  });
});

describe('refuse', () => {
  it('answers { error, message, …extra } with the status and extra headers, never cached', async () => {
    const res = refuse(409, 'soldOut', 'Sold out.', { extra: { left: 0 }, headers: { 'Retry-After': '5' } });
    expect(res.status).toBe(409);
    expect(res.headers.get('Cache-Control')).toBe(NO_STORE['Cache-Control']);
    expect(res.headers.get('Retry-After')).toBe('5');
    expect(await res.json()).toEqual({ error: 'soldOut', message: 'Sold out.', left: 0 });
  });

  it('keeps the code and message it was given whatever the extra fields say', async () => {
    const res = refuse(400, 'badRequest', 'Bad.', { extra: { error: 'other', message: 'other' } });
    expect(await res.json()).toEqual({ error: 'badRequest', message: 'Bad.' });
  });
});
