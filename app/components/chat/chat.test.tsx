import Linkify from 'linkify-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isWebLink, LINK_OPTIONS } from './ChatText';
import { fileNameOfUrl, initials, sameLanguage } from './format';
import { orderQuestions } from './questionOrder';
import { backoffMs, chatSocketUrl, newClientId } from './useChat';

const render = (text: string) => renderToStaticMarkup(<Linkify options={LINK_OPTIONS}>{text}</Linkify>);

describe('message text', () => {
  it('is text: markup in a message is shown, never parsed', () => {
    const html = render('<img src=x onerror=alert(1)> <b>hi</b>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('makes http(s) links safe links in a new tab', () => {
    const html = render('see https://example.com/a?b=1 and www.example.org');
    expect(html).toContain('href="https://example.com/a?b=1"');
    expect(html).toContain('href="https://www.example.org"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer nofollow ugc"');
  });

  it('links nothing else (javascript:, mailto, ftp)', () => {
    const html = render('javascript:alert(1) mail me@example.com ftp://example.com/file');
    expect(html).not.toContain('<a');
    expect(isWebLink('http://x.test', 'url')).toBe(true);
    expect(isWebLink('ftp://x.test', 'url')).toBe(false);
    expect(isWebLink('me@example.com', 'email')).toBe(false);
  });
});

describe('chat helpers', () => {
  it('initials', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  émile  ')).toBe('ÉM');
    expect(initials('Jean Paul Sartre')).toBe('JS');
    expect(initials('')).toBe('?');
  });

  it('the socket URL follows the page scheme and resumes after a seq', () => {
    expect(chatSocketUrl({ protocol: 'http:', host: 'aurora.localhost:3000' }, 'abcdefabcdef', null)).toBe('ws://aurora.localhost:3000/ws/chat?event=abcdefabcdef');
    expect(chatSocketUrl({ protocol: 'https:', host: 'a.example' }, 'abcdefabcdef', 42)).toBe('wss://a.example/ws/chat?event=abcdefabcdef&after=42');
  });

  it('backoff grows, is capped and jittered', () => {
    expect(backoffMs(0, () => 0)).toBe(250);
    expect(backoffMs(0, () => 1)).toBe(750);
    expect(backoffMs(3, () => 0.5)).toBe(4000);
    expect(backoffMs(20, () => 0.5)).toBe(15_000);
  });

  it('client ids match the protocol', () => {
    expect(newClientId()).toMatch(/^[A-Za-z0-9_-]{6,64}$/);
    expect(newClientId()).not.toBe(newClientId());
  });

  it('file names and languages', () => {
    expect(fileNameOfUrl('/api/chat/file?event=abcdefabcdef&key=chat%2Fabcdefabcdef%2Fu1%2Fabcdefgh12%2Freport.pdf')).toBe('report.pdf');
    expect(sameLanguage('en', 'en-GB')).toBe(true);
    expect(sameLanguage('es', 'en')).toBe(false);
  });
});

describe('the Q&A order', () => {
  const q = (msgId: string, votes: number) => ({ msgId, votes });
  it('puts the most upvoted first, the earlier question first among equals, without changing the list given', () => {
    const list = [q('000000000001', 0), q('000000000002', 3), q('000000000003', 1), q('000000000004', 3)];
    expect(orderQuestions(list).map((x) => x.msgId)).toEqual(['000000000002', '000000000004', '000000000003', '000000000001']);
    expect(list.map((x) => x.msgId)).toEqual(['000000000001', '000000000002', '000000000003', '000000000004']);
  });
});
