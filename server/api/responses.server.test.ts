import { describe, expect, it } from 'vitest';
import { methodNotAllowed, NO_STORE } from './responses.server';

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
