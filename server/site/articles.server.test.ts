import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import type { Article, ArticleSummary } from './content.server';
import { applyHref, formatArticleDate, loadArticle, loadArticleList, metaText, toCard, toView } from './articles.server';

const nbsp = (s: string | undefined) => s?.replace(/[\u00a0\u202f]/g, ' ');

describe('formatArticleDate', () => {
  it('formats an ISO day in each locale, as a UTC day', () => {
    expect(formatArticleDate('2026-03-05', 'en-US')).toEqual({ iso: '2026-03-05', label: 'March 5, 2026' });
    expect(nbsp(formatArticleDate('2026-03-05', 'es-ES')?.label)).toBe('5 de marzo de 2026');
    expect(nbsp(formatArticleDate('2026-03-05', 'fr-FR')?.label)).toBe('5 mars 2026');
    // Midnight UTC must not become the previous day west of Greenwich.
    expect(formatArticleDate('2026-01-01T00:00:00.000Z', 'en-US')?.label).toBe('January 1, 2026');
  });

  it('returns null for a missing or impossible date', () => {
    expect(formatArticleDate('', 'en-US')).toBeNull();
    expect(formatArticleDate('soon', 'en-US')).toBeNull();
    expect(formatArticleDate('2026-02-30', 'en-US')).toBeNull();
  });
});

describe('article helpers', () => {
  const summary: ArticleSummary = {
    slug: 'sound-engineer',
    title: 'Sound engineer',
    summary: 'Mix our live shows.',
    date: '2026-03-01',
    meta: { location: ' Paris ', employmentType: 'Full time', author: 42 },
  };

  it('builds a card with formatted date and job facts', () => {
    expect(toCard(summary, 'en-US')).toEqual({
      slug: 'sound-engineer',
      title: 'Sound engineer',
      summary: 'Mix our live shows.',
      date: '2026-03-01',
      dateLabel: 'March 1, 2026',
      location: 'Paris',
      employmentType: 'Full time',
    });
    expect(toCard({ ...summary, date: '', meta: {} }, 'en-US')).toMatchObject({ date: null, dateLabel: null, location: null, employmentType: null });
  });

  it('reads front-matter text safely', () => {
    expect(metaText({ a: '  x ', b: '', c: 3, d: ['x'], e: null }, 'a')).toBe('x');
    expect(metaText({ b: '' }, 'b')).toBeNull();
    expect(metaText({ c: 3 }, 'c')).toBe('3');
    expect(metaText({ d: ['x'] }, 'd')).toBeNull();
  });

  it('sends job applications to the contact form, a mailto or an https page', () => {
    expect(applyHref({}, 'Sound engineer (Paris)')).toBe('/contactUs?subject=Sound%20engineer%20(Paris)');
    expect(applyHref({ applyEmail: 'jobs@example.com' }, 'Sound & light')).toBe('mailto:jobs@example.com?subject=Sound%20%26%20light');
    expect(applyHref({ applyUrl: 'https://jobs.example.com/42' }, 'x')).toBe('https://jobs.example.com/42');
    expect(applyHref({ applyUrl: 'javascript:alert(1)' }, 'x')).toBe('/contactUs?subject=x');
    expect(applyHref({ applyUrl: 'http://insecure.example' }, 'x')).toBe('/contactUs?subject=x');
    expect(applyHref({ applyEmail: 'not an email' }, 'x')).toBe('/contactUs?subject=x');
  });

  it('adds the apply link only to jobs', () => {
    const article: Article = { ...summary, html: '<p>Hi</p>' };
    expect(toView('job', article, 'en-US').applyHref).toBe('/contactUs?subject=Sound%20engineer');
    expect(toView('blog', article, 'en-US')).toMatchObject({ applyHref: null, author: '42', html: '<p>Hi</p>' });
  });
});

describe('article loaders', () => {
  const article: Article = { slug: 'hello', title: 'Hello', summary: '', date: '2026-01-02', meta: {}, html: '<p>Hello</p>' };
  function context(features: Record<string, boolean>) {
    const calls: string[] = [];
    const ctx = {
      tenant: { id: 't', features },
      language: 'fr',
      languageTag: 'fr',
      services: {
        content: {
          list: (_t: unknown, lang: string, collection: string) => (calls.push(`list ${lang} ${collection}`), [article]),
          article: (_t: unknown, _l: string, collection: string, slug: string) => (calls.push(`article ${collection} ${slug}`), slug === 'hello' ? article : null),
        },
      },
    } as unknown as AppLoadContext;
    return { ctx, calls };
  }
  const req = (q: string) => new Request(`http://t.localhost/jobDetails${q}`);

  async function status(fn: () => unknown): Promise<number | null> {
    try {
      fn();
      return null;
    } catch (e) {
      return e instanceof Response ? e.status : -1;
    }
  }

  it('lists the collection behind each route, dates in the request locale', () => {
    const { ctx, calls } = context({ jobs: true });
    expect(loadArticleList(ctx, 'job')).toEqual([expect.objectContaining({ slug: 'hello', dateLabel: '2 janvier 2026' })]);
    expect(calls).toEqual(['list fr jobs']);
  });

  it('answers 404 for a list or detail whose feature is switched off', async () => {
    const { ctx, calls } = context({ blog: true, news: false, jobs: false });
    expect(await status(() => loadArticleList(ctx, 'news'))).toBe(404);
    expect(await status(() => loadArticle(ctx, 'job', req('?slug=hello')))).toBe(404);
    expect(calls).toEqual([]);
  });

  it('answers 404 for a missing or unknown slug', async () => {
    const { ctx } = context({});
    expect(await status(() => loadArticle(ctx, 'blog', req('')))).toBe(404);
    expect(await status(() => loadArticle(ctx, 'blog', req('?slug=')))).toBe(404);
    expect(await status(() => loadArticle(ctx, 'blog', req('?slug=nope')))).toBe(404);
    expect(loadArticle(ctx, 'blog', req('?slug=hello')).title).toBe('Hello');
  });
});
