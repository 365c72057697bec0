/**
 * The page a disabled tenant answers (tenant.json `disabled`, docs/decisions/0075): its name, logo
 * and colours, in the visitor's language, with a 503 so search engines keep the site's listing.
 */
import { resolveColor, type Theme } from '#app/lib/config/theme';
import type { Tenant } from '#app/lib/config/tenant';
import type { HttpLanguage } from './messages';

const TEXT: Record<HttpLanguage, { title: (name: string) => string; body: string }> = {
  en: { title: (name) => `${name} is unavailable`, body: 'This site is not available at the moment. Please come back later.' },
  es: { title: (name) => `${name} no está disponible`, body: 'Este sitio no está disponible en este momento. Vuelve más tarde.' },
  fr: { title: (name) => `${name} n’est pas disponible`, body: 'Ce site n’est pas disponible pour le moment. Veuillez revenir plus tard.' },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function unavailableSiteHtml(tenant: Tenant, theme: Theme, language: HttpLanguage): string {
  const text = TEXT[language];
  const bg = resolveColor(theme, theme.light.bg);
  const fg = resolveColor(theme, theme.light.fg);
  const header = resolveColor(theme, theme.light.headerBg);
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escape(text.title(tenant.displayName))}</title>` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/brand/${escape(tenant.favicon)}"></head>` +
    `<body style="margin:0;background:${bg};color:${fg};font-family:${escape(theme.fonts.body)}">` +
    `<header style="background:${header};padding:1rem"><img src="/brand/${escape(tenant.logo.src)}" alt="${escape(tenant.logo.alt)}" style="height:2.5rem"></header>` +
    `<main style="max-width:40rem;margin:4rem auto;padding:0 1rem"><h1 style="font-family:${escape(theme.fonts.heading)}">${escape(text.title(tenant.displayName))}</h1>` +
    `<p>${text.body}</p></main></body></html>`
  );
}
