import { describe, expect, it } from 'vitest';
import { formHeaders } from './headers';

const call = (action: Record<string, string>, loader: Record<string, string> = {}) =>
  new Headers(
    formHeaders({
      actionHeaders: new Headers(action),
      loaderHeaders: new Headers(loader),
      parentHeaders: new Headers(),
      errorHeaders: undefined,
    }),
  );

describe('formHeaders', () => {
  it('puts the action’s caching and retry headers on the document, nothing else', () => {
    const h = call({ 'Cache-Control': 'private, no-store', 'Retry-After': '60', 'Content-Type': 'application/json' });
    expect(h.get('Cache-Control')).toBe('private, no-store');
    expect(h.get('Retry-After')).toBe('60');
    expect(h.get('Content-Type')).toBeNull();
  });

  it('adds nothing to a plain page view', () => {
    expect([...call({}).keys()]).toEqual([]);
  });
});
