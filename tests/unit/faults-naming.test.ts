// How the fault suite reads /api/health and users' refusals (tests/faults/naming.ts, scenario.ts).
import { describe, expect, it } from 'vitest';
import { healthReportsDown, namesService } from '../faults/naming';
import { classify } from '../faults/scenario';

const health = (over: Record<string, unknown> = {}) => ({
  status: 'ok',
  dependencies: [
    { name: 'dynamodb', up: true, latencyMs: 3 },
    { name: 's3', up: true, latencyMs: 2 },
  ],
  video: { state: 'up', url: 'ws://localhost:7880' },
  mediaQueue: { state: 'up', pending: 0 },
  ...over,
});

describe('healthReportsDown', () => {
  it('finds a dependency entry that is down, by its name', () => {
    const body = health({ status: 'down', dependencies: [{ name: 'dynamodb', up: false, latencyMs: 2000 }, { name: 's3', up: true, latencyMs: 1 }] });
    expect(healthReportsDown('dynamodb', body)).toBe(true);
    expect(healthReportsDown('storage', body)).toBe(false);
  });

  it('finds a keyed report that says down (video, the media queue)', () => {
    expect(healthReportsDown('livekit', health({ video: { state: 'down', url: 'x', error: 'ECONNREFUSED' } }))).toBe(true);
    expect(healthReportsDown('redis', health({ mediaQueue: { state: 'down', error: 'closed' } }))).toBe(true);
  });

  it('finds the service in a list of what is degraded', () => {
    expect(healthReportsDown('redis', health({ degraded: ['redis (chat across instances)'] }))).toBe(true);
    expect(healthReportsDown('livekit', health({ degraded: ['redis (chat across instances)'] }))).toBe(false);
  });

  it('does not report a service that is up or absent from the report', () => {
    expect(healthReportsDown('dynamodb', health())).toBe(false);
    expect(healthReportsDown('identity', health())).toBe(false);
    expect(healthReportsDown('worker', health())).toBe(false);
  });
});

describe('namesService and classify', () => {
  it('wants the service named in the user’s language', () => {
    expect(namesService('dynamodb', 'fr', 'La base de données ne répond pas.')).toBe(true);
    expect(namesService('dynamodb', 'fr', 'The database is not answering.')).toBe(false);
    expect(namesService('storage', 'en', 'File storage is unavailable, try again in a moment.')).toBe(true);
    expect(namesService('dynamodb', 'es', 'Los datos de nuestros eventos no están disponibles en este momento.')).toBe(true);
    expect(namesService('dynamodb', 'en', 'We could not save your message right now.')).toBe(false);
  });

  it('tells a clear 503 from an unclear one, a 500 and transport failures', () => {
    const base = { user: 'u', op: 'GET /', language: 'en', at: 0, ok: false, transport: '', message: '' };
    expect(classify('dynamodb', { ...base, status: 503, message: 'The database is unavailable.' })).toBe('clear 503');
    expect(classify('dynamodb', { ...base, status: 503, message: 'Something went wrong.' })).toBe('unclear 503');
    expect(classify('dynamodb', { ...base, status: 500 })).toBe('500');
    expect(classify('dynamodb', { ...base, status: 0, transport: 'hung' })).toBe('hung');
    expect(classify('redis', { ...base, status: 0, transport: 'chat error unavailable' })).toBe('clear (chat unavailable)');
  });
});
