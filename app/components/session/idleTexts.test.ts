import { describe, expect, it, vi } from 'vitest';
import { batchGetBody, countdownText, DEFAULT_IDLE_TEXTS, idleTextsCacheKey, IDLE_CODES, loadIdleTexts, RESOURCE_API, textsFromResponse } from './idleTexts';
import { hasAmplifySession, IDLE_TIMEOUT_MS, PROMPT_BEFORE_IDLE_MS, secondsLeft, TIMER_TIMEOUT_MS } from './sessionState';

function memoryStore() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

const spanish = IDLE_CODES.map((code) => ({ ResourceCode: code, ResourceDesc: `es:${code}` }));
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('inactivity dialog texts', () => {
  it('has the English default texts (docs/PRODUCT.md, Rules: dialog texts)', () => {
    expect(DEFAULT_IDLE_TEXTS).toMatchObject({
      IDLE_TITLE: 'Warning',
      IDLE_MESSAGE: 'Your online session will end soon, due to inactivity',
      IDLE_STAY: "Wait, I'm still here!",
      IDLE_SIGN_OUT: 'Sign out',
      IDLE_CLOSE: 'Close',
      IDLE_COUNTDOWN_PREFIX: 'You will be Logged out in',
    });
    expect(DEFAULT_IDLE_TEXTS.IDLE_PRECAUTION).toMatch(/session will end.*redirected to the home page/);
  });

  it('counts down with "second" at 1 and "seconds" above', () => {
    expect(countdownText(DEFAULT_IDLE_TEXTS, 60)).toBe('You will be Logged out in 60 seconds');
    expect(countdownText(DEFAULT_IDLE_TEXTS, 2)).toBe('You will be Logged out in 2 seconds');
    expect(countdownText(DEFAULT_IDLE_TEXTS, 1)).toBe('You will be Logged out in 1 second');
  });

  it('asks for every code in the language with the resource API body', () => {
    const body = batchGetBody('es');
    expect(body.projectionExpression).toBe('ResourceCode, ResourceDesc');
    expect(body.keys).toContainEqual({ ResourcePK: 'es', ResourceSK: 'IDLE_TITLE' });
    expect(body.keys).toHaveLength(IDLE_CODES.length);
  });

  it('reads Responses.resource and keeps defaults for missing codes', () => {
    const texts = textsFromResponse({ Responses: { resource: [{ ResourceCode: 'IDLE_TITLE', ResourceDesc: 'Advertencia' }, { ResourceCode: 'OTHER', ResourceDesc: 'x' }] } });
    expect(texts?.IDLE_TITLE).toBe('Advertencia');
    expect(texts?.IDLE_CLOSE).toBe('Close');
    expect(textsFromResponse({ Responses: { resource: [] } })).toBeNull();
    expect(textsFromResponse({})).toBeNull();
  });

  it('fetches with the token, caches per language, then serves the cache', async () => {
    const store = memoryStore();
    const fetcher = vi.fn(async () => ok({ Responses: { resource: spanish } }));
    const first = await loadIdleTexts({ language: 'es', token: async () => 'jwt', fetcher: fetcher as unknown as typeof fetch, store });
    expect(first.source).toBe('api');
    expect(first.texts.IDLE_TITLE).toBe('es:IDLE_TITLE');
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(RESOURCE_API);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer jwt');
    expect(store.map.has(idleTextsCacheKey('es'))).toBe(true);
    const second = await loadIdleTexts({ language: 'es', token: async () => 'jwt', fetcher: fetcher as unknown as typeof fetch, store });
    expect(second.source).toBe('cache');
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(idleTextsCacheKey('es').startsWith('platform.')).toBe(true);
  });

  it('falls back to English, uncached, when the API fails or refuses', async () => {
    const store = memoryStore();
    for (const fetcher of [async () => new Response('{}', { status: 401 }), async () => Promise.reject(new TypeError('network')), async () => ok({ nope: 1 })]) {
      const out = await loadIdleTexts({ language: 'fr', token: async () => null, fetcher: fetcher as unknown as typeof fetch, store });
      expect(out).toEqual({ texts: DEFAULT_IDLE_TEXTS, source: 'default' });
    }
    expect(store.map.size).toBe(0);
  });
});

describe('inactivity timings and session check', () => {
  it('prompts after 60 minutes and signs out 60 seconds later', () => {
    expect(IDLE_TIMEOUT_MS).toBe(3_600_000);
    expect(PROMPT_BEFORE_IDLE_MS).toBe(60_000);
    expect(TIMER_TIMEOUT_MS - PROMPT_BEFORE_IDLE_MS).toBe(IDLE_TIMEOUT_MS);
    expect(secondsLeft(60_000)).toBe(60);
    expect(secondsLeft(59_001)).toBe(60);
    expect(secondsLeft(1)).toBe(1);
    expect(secondsLeft(-5)).toBe(0);
  });

  it('sees the Amplify session cookie', () => {
    expect(hasAmplifySession('a=1; CognitoIdentityServiceProvider.abc.LastAuthUser=u-1')).toBe(true);
    expect(hasAmplifySession('CognitoIdentityServiceProvider.abc.LastAuthUser=; x=2')).toBe(false);
    expect(hasAmplifySession('lng=es')).toBe(false);
  });
});
