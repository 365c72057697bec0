import { describe, expect, it } from 'vitest';
import { embedCode, embedUrl, isFramedEmbedPath } from './paths';
import { embedOriginProblem, embedSettingsSchema, isAllowedEmbedOrigin, isLoopbackHost, originOf } from './origins';

describe('embed origins', () => {
  it('takes https origins with an optional port', () => {
    for (const ok of ['https://www.example.com', 'https://example.com:8443', 'https://xn--bcher-kva.example', 'http://localhost:3000', 'http://embedhost.localhost:4000', 'http://127.0.0.1:3391', 'https://127.0.0.1']) {
      expect(embedOriginProblem(ok), ok).toBeNull();
    }
  });

  it('refuses plain http off loopback, paths, wildcards, upper case, default ports and junk', () => {
    for (const bad of [
      'http://www.example.com',
      'https://www.example.com/',
      'https://www.example.com/page',
      'https://*.example.com',
      'https://WWW.example.com',
      'https://www.example.com:443',
      'http://localhost:80',
      'https://user@example.com',
      'https://www.example.com?x=1',
      'ftp://example.com',
      '*',
      "'self'",
      'https://example.com:99999',
      'https://example.com:0',
      'example.com',
      '',
      'https://exa mple.com',
      'https://example.com; script-src *',
    ]) {
      expect(embedOriginProblem(bad), bad).not.toBeNull();
    }
  });

  it('knows the loopback hosts', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('aurora.localhost')).toBe(true);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
  });

  it('defaults to no origin and refuses a repeated one', () => {
    expect(embedSettingsSchema.parse({})).toEqual({ allowedOrigins: [] });
    expect(embedSettingsSchema.safeParse({ allowedOrigins: ['https://a.example', 'https://a.example'] }).success).toBe(false);
    expect(embedSettingsSchema.safeParse({ allowedOrigins: ['https://a.example'], extra: 1 }).success).toBe(false);
  });

  it('compares origins exactly', () => {
    expect(originOf('https://a.example/page?x#y')).toBe('https://a.example');
    expect(originOf('not a url')).toBeNull();
    expect(originOf('data:text/html,hi')).toBeNull();
    expect(isAllowedEmbedOrigin(['https://a.example'], 'https://a.example')).toBe(true);
    expect(isAllowedEmbedOrigin(['https://a.example'], 'https://a.example:444')).toBe(false);
    expect(isAllowedEmbedOrigin(['https://a.example'], null)).toBe(false);
  });
});

describe('embed paths and code', () => {
  it('frames only the event and video embeds', () => {
    expect(isFramedEmbedPath('/embed/event')).toBe(true);
    expect(isFramedEmbedPath('/embed/video')).toBe(true);
    expect(isFramedEmbedPath('/embed/signIn')).toBe(false);
    expect(isFramedEmbedPath('/embed/event/')).toBe(false);
    expect(isFramedEmbedPath('/preview')).toBe(false);
  });

  it('builds the snippet with the script and an escaped iframe', () => {
    expect(embedUrl('https://live.example', { kind: 'video', mediaId: 'abc' })).toBe('https://live.example/embed/video?mediaId=abc');
    const code = embedCode('https://live.example', { kind: 'event', eventId: 'e1' }, 'Talk "A" <b>');
    expect(code).toContain('<script src="https://live.example/embed.js" async></script>');
    expect(code).toContain('data-platform-embed src="https://live.example/embed/event?event=e1"');
    expect(code).toContain('title="Talk &quot;A&quot; &lt;b>"');
  });
});
