import { describe, expect, it } from 'vitest';
import { redactValue, scrubText, serializeError } from './redact';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.sig-nature_value';

describe('scrubText', () => {
  it('removes email addresses, tokens, cookies and query strings, keeping the words around them', () => {
    expect(scrubText('sign-up profile of ana.maria+x@mail.example.com not saved')).toBe('sign-up profile of [email] not saved');
    expect(scrubText(`token ${JWT} expired`)).toBe('token [token] expired');
    expect(scrubText('Authorization: Bearer abc.def-123')).toBe('Authorization: [redacted]');
    expect(scrubText('sent Bearer abc.def-123 upstream')).toBe('sent Bearer [redacted] upstream');
    expect(scrubText('cookie: sid=1; refresh=2')).toBe('cookie: [redacted]');
    expect(scrubText('GET /signIn?redirect=/x&code=123456 failed')).toBe('GET /signIn?[query] failed');
    expect(scrubText('fetch http://127.0.0.1:9/bucket/key?X-Amz-Signature=abc failed')).toBe('fetch http://127.0.0.1:9/bucket/key?[query] failed');
    expect(scrubText('password=hunter2 and secret=s3')).toBe('password=[redacted] and secret=[redacted]');
  });

  it('leaves ordinary messages alone', () => {
    const text = '[chat] publish failed for aurora/ev_123 seq 42: connect ECONNREFUSED 127.0.0.1:6379';
    expect(scrubText(text)).toBe(text);
  });
});

describe('redactValue', () => {
  it('redacts fields named after secrets at any depth and scrubs the rest', () => {
    const value = redactValue({
      operation: 'InitiateAuth',
      headers: { cookie: 'sid=1', Authorization: 'Bearer x', 'user-agent': 'test' },
      user: { email: 'a@b.example', name: 'Ana', accessToken: JWT },
      note: 'reply to b@c.example',
      list: [{ password: 'p' }],
    });
    expect(value).toEqual({
      operation: 'InitiateAuth',
      headers: { cookie: '[redacted]', Authorization: '[redacted]', 'user-agent': 'test' },
      user: { email: '[redacted]', name: 'Ana', accessToken: '[redacted]' },
      note: 'reply to [email]',
      list: [{ password: '[redacted]' }],
    });
  });

  it('serialises errors with their message and stack scrubbed', () => {
    const error = new Error('no user x@y.example', { cause: new Error(`bad ${JWT}`) });
    const out = serializeError(error);
    expect(out).toMatchObject({ name: 'Error', message: 'no user [email]', cause: { message: 'bad [token]' } });
    expect(JSON.stringify(out)).not.toContain('x@y.example');
    expect(redactValue({ error })).toEqual({ error: out });
  });

  it('bounds depth and long strings', () => {
    const deep = { a: { b: { c: { d: { e: 1 } } } } };
    expect(redactValue(deep)).toEqual({ a: { b: { c: { d: '[…]' } } } });
    expect((redactValue('x'.repeat(5000)) as string).length).toBe(4001);
  });
});
