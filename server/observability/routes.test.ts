import { describe, expect, it } from 'vitest';
import { methodOf, routeOf, statusClass } from './routes';

describe('metric labels', () => {
  it('names a route by its pattern, never by the raw path', () => {
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/aboutUs')).toBe('/aboutUs');
    expect(routeOf('/api/health')).toBe('/api/health');
    expect(routeOf('/metrics')).toBe('/metrics');
    expect(routeOf('/theme/indigo.0123456789ab.css')).toBe('/theme/:file');
    expect(routeOf('/locales/en/common.0123456789ab.json')).toBe('/locales/:language/:file');
    expect(routeOf('/assets/entry.client-abc.js')).toBe('/assets/*');
    expect(routeOf('/brand/logo.svg')).toBe('/brand/*');
  });

  it('puts every other path in one of two bounded buckets', () => {
    expect(routeOf('/aboutus')).toBe('(unmatched)');
    expect(routeOf('/users/12345/secret')).toBe('(unmatched)');
    expect(routeOf('/robots.txt')).toBe('(file)');
    expect(routeOf('/theme/../../etc/passwd')).toBe('(unmatched)');
  });

  it('bounds methods and statuses', () => {
    expect(methodOf('GET')).toBe('GET');
    expect(methodOf('PROPFIND')).toBe('OTHER');
    expect(statusClass(204)).toBe('2xx');
    expect(statusClass(503)).toBe('5xx');
    expect(statusClass(999)).toBe('other');
  });
});
