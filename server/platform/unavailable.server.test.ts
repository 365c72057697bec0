import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { asOutage, isOutage, isServiceUnavailable, ServiceUnavailableError } from './unavailable.server';

const withCode = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:1`), { code });

describe('isOutage', () => {
  it('counts a service that cannot be reached or cannot answer', () => {
    expect(isOutage(withCode('ECONNREFUSED'))).toBe(true);
    expect(isOutage(withCode('ECONNRESET'))).toBe(true);
    expect(isOutage(Object.assign(new Error('timed out'), { name: 'TimeoutError' }))).toBe(true);
    expect(isOutage(Object.assign(new Error('Service Unavailable'), { name: 'Unknown', $metadata: { httpStatusCode: 503 } }))).toBe(true);
    expect(isOutage(new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') }))).toBe(true);
  });

  it('does not count an answer that refuses the request', () => {
    expect(isOutage(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: { httpStatusCode: 400 } }))).toBe(false);
    expect(isOutage(Object.assign(new Error('not found'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } }))).toBe(false);
    expect(isOutage(new Error('invalid tenant id'))).toBe(false);
    expect(isOutage('ECONNREFUSED')).toBe(false);
  });
});

describe('asOutage', () => {
  it('names the service and keeps the cause; anything else passes unchanged', () => {
    const cause = withCode('ECONNREFUSED');
    const marked = asOutage('storage', cause);
    expect(isServiceUnavailable(marked)).toBe(true);
    expect((marked as ServiceUnavailableError).service).toBe('storage');
    expect((marked as Error).cause).toBe(cause);
    // Marked once: a second client on the way keeps the first service's name.
    expect(asOutage('database', marked)).toBe(marked);
    const refusal = new Error('bad input');
    expect(asOutage('database', refusal)).toBe(refusal);
  });
});
