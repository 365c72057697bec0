import { describe, expect, it } from 'vitest';
import { bearerOf, keyIdOf, mintSecret, newKeyId, secretMatches, sha256 } from './keys.server';
import { decodeCursor, encodeCursor, pageOf } from './pagination.server';
import { fieldErrors, problem } from './problem.server';
import { eventsQuery } from './schemas.server';

describe('API key secrets', () => {
  it('are lkp_<id>_<random>, stored as a SHA-256 hash, shown by a short prefix', () => {
    const id = newKeyId();
    expect(id).toMatch(/^[a-z0-9]{12}$/);
    const { secret, hash, prefix } = mintSecret(id);
    expect(secret).toMatch(new RegExp(`^lkp_${id}_[A-Za-z0-9_-]{43}$`));
    expect(hash).toBe(sha256(secret));
    expect(hash).not.toContain(secret.slice(17));
    expect(prefix).toBe(secret.slice(0, 21));
    expect(keyIdOf(secret)).toBe(id);
    expect(secretMatches(secret, hash)).toBe(true);
    expect(secretMatches(`${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`, hash)).toBe(false);
    expect(mintSecret(id).secret).not.toBe(secret);
  });

  it('reads only a well-formed bearer token', () => {
    expect(bearerOf('Bearer abc')).toBe('abc');
    expect(bearerOf('bearer  abc ')).toBe('abc');
    expect(bearerOf('Basic abc')).toBeNull();
    expect(bearerOf(null)).toBeNull();
    expect(keyIdOf('lkp_short_x')).toBeNull();
    expect(keyIdOf('nonsense')).toBeNull();
  });
});

describe('cursor pagination', () => {
  it('pages a list with opaque cursors bound to that list', () => {
    const all = Array.from({ length: 7 }, (_, i) => i);
    const first = pageOf('a', all, 3, undefined)!;
    expect(first.data).toEqual([0, 1, 2]);
    const second = pageOf('a', all, 3, first.next_cursor!)!;
    expect(second.data).toEqual([3, 4, 5]);
    const last = pageOf('a', all, 3, second.next_cursor!)!;
    expect(last).toEqual({ data: [6], next_cursor: null });
    // Another list's cursor, or an edited one, is refused rather than read.
    expect(pageOf('b', all, 3, first.next_cursor!)).toBeNull();
    expect(pageOf('a', all, 3, 'not-a-cursor')).toBeNull();
    expect(decodeCursor('a', '%%%')).toBeNull();
    expect(decodeCursor('a', encodeCursor('a', 'token'))).toBe('token');
    expect(decodeCursor('a', '')).toBeUndefined();
  });

  it('caps limit at 100 and refuses what is not a whole number', () => {
    expect(eventsQuery.safeParse({ limit: '100' }).success).toBe(true);
    expect(eventsQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(eventsQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(eventsQuery.safeParse({ limit: 'ten' }).success).toBe(false);
    expect(eventsQuery.safeParse({ filter: 'past' }).success).toBe(false);
  });
});

describe('problem+json', () => {
  it('answers type, title, status, detail and the field errors', async () => {
    const parsed = eventsQuery.safeParse({ limit: '500' });
    const res = problem('validation', 'The query has invalid parameters.', { errors: fieldErrors('query', parsed.error!) });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ type: '/api/v1/docs#problem-validation', title: 'The request has invalid fields', status: 400, detail: 'The query has invalid parameters.' });
    expect(body.errors).toEqual([{ field: 'query.limit', message: expect.any(String) }]);
    const limited = problem('rate-limited', 'Slow down.', { headers: { 'Retry-After': '7' } });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7']);
  });
});
