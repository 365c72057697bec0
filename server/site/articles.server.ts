import { json, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import { getFixedT } from '#server/i18n.server';
import type { ArticleDetailData, ArticleListData } from '#app/components/content/Articles';
import { COLLECTION_ROUTES, type ArticleCard, type ArticleView, type CollectionRoute } from '#app/lib/content/collections';
import { intlLocale } from '#app/lib/i18n/variants';
import type { ArticleSummary, Article } from './content.server';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** "2026-03-05" → "March 5, 2026" / "5 de marzo de 2026" / "5 mars 2026", read as a UTC day. */
export function formatArticleDate(date: string, locale: string): { iso: string; label: string } | null {
  const m = ISO_DATE.exec(date.trim());
  if (!m) return null;
  const value = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(value.getTime()) || value.getUTCDate() !== Number(m[3])) return null;
  return { iso: `${m[1]}-${m[2]}-${m[3]}`, label: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(value) };
}

/** A non-empty front-matter string (numbers are accepted too, as text), else null. */
export function metaText(meta: Record<string, unknown>, key: string): string | null {
  const value = meta[key];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export function toCard(article: ArticleSummary, locale: string): ArticleCard {
  const date = formatArticleDate(article.date, locale);
  return {
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    date: date?.iso ?? null,
    dateLabel: date?.label ?? null,
    location: metaText(article.meta, 'location'),
    employmentType: metaText(article.meta, 'employmentType'),
  };
}

/**
 * Where a job's "Apply" link points: front matter `applyUrl` (https or mailto:), else
 * `applyEmail` as a mailto: with the title as subject, else /contactUs with the title as subject.
 */
export function applyHref(meta: Record<string, unknown>, title: string): string {
  const url = metaText(meta, 'applyUrl');
  if (url && /^(https:\/\/|mailto:)[^\s"<>]+$/i.test(url)) return url;
  const email = metaText(meta, 'applyEmail');
  if (email && /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(email)) return `mailto:${email}?subject=${encodeURIComponent(title)}`;
  return `/contactUs?subject=${encodeURIComponent(title)}`;
}

export function toView(route: CollectionRoute, article: Article, locale: string): ArticleView {
  return {
    ...toCard(article, locale),
    html: article.html,
    author: metaText(article.meta, 'author'),
    applyHref: route === 'job' ? applyHref(article.meta, article.title) : null,
  };
}

/** 404 when the tenant switched this list off: its list and detail screens do not exist then. */
function requireEnabled(context: AppLoadContext, route: CollectionRoute) {
  if (context.tenant.features[COLLECTION_ROUTES[route].feature] === false) throw new Response('Not found', { status: 404 });
}

export function loadArticleList(context: AppLoadContext, route: CollectionRoute): ArticleCard[] {
  requireEnabled(context, route);
  const locale = intlLocale(context.languageTag);
  return context.services.content.list(context.tenant, context.language, COLLECTION_ROUTES[route].collection).map((a) => toCard(a, locale));
}

/** The article named by ?slug=; a missing, malformed or unknown slug is a 404. */
export function loadArticle(context: AppLoadContext, route: CollectionRoute, request: Request): ArticleView {
  requireEnabled(context, route);
  const slug = new URL(request.url).searchParams.get('slug');
  const article = slug ? context.services.content.article(context.tenant, context.language, COLLECTION_ROUTES[route].collection, slug) : null;
  if (!article) throw new Response('Not found', { status: 404 });
  return toView(route, article, intlLocale(context.languageTag));
}

/** Loader of /blog, /news and /job. */
export async function loadListPage({ context }: LoaderFunctionArgs, route: CollectionRoute) {
  const articles = loadArticleList(context, route);
  const t = await getFixedT(context.languageTag);
  return json<ArticleListData>({
    route,
    title: t(`pages.${route}`),
    lead: t(`articles.leads.${route}`, { company: context.tenant.displayName }),
    articles,
  });
}

/** Loader of /blogDetails, /newsDetails and /jobDetails. */
export async function loadDetailPage({ context, request }: LoaderFunctionArgs, route: CollectionRoute) {
  const article = loadArticle(context, route, request);
  const t = await getFixedT(context.languageTag);
  return json<ArticleDetailData>({ route, listHref: COLLECTION_ROUTES[route].list, listTitle: t(`pages.${route}`), article });
}
