import { createHash } from 'node:crypto';
import { ChakraProvider } from '@chakra-ui/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Theme } from '#app/lib/config/theme';
import { systemForTheme } from '#app/lib/config/themeSystem';

export interface ThemeStylesheet {
  css: string;
  /** Content-hashed URL: safe to cache for a year. */
  href: string;
}

const sheets = new Map<string, ThemeStylesheet>();

/**
 * The theme's global CSS (reset, tokens as CSS variables, global styles): ~50 KB that is the same
 * on every page of every tenant using this theme. Served once as a cacheable stylesheet instead of
 * inline in each document (docs/decisions/0002).
 */
export function themeStylesheet(theme: Theme): ThemeStylesheet {
  let sheet = sheets.get(theme.id);
  if (!sheet) {
    const html = renderToString(createElement(ChakraProvider, { value: systemForTheme(theme), children: null }));
    const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
    const hash = createHash('sha256').update(css).digest('hex').slice(0, 12);
    sheet = { css, href: `/theme/${theme.id}.${hash}.css` };
    sheets.set(theme.id, sheet);
  }
  return sheet;
}
