/**
 * The style rules of a server-rendered document (docs/decisions/0095). Emotion, Chakra's styling
 * engine, would write a <style> element in front of every component that brings a new class (78
 * of them on the home page), each rule with the vendor prefixes of browsers long gone. Here the
 * document renders with a style cache of its own: the rules are collected in the order they were
 * first used, written once as one <style> element at the end of <head> (after the theme
 * stylesheet, where the first of them used to follow it), and named in its `data-emotion`
 * attribute, from which the browser's style cache learns they are already there when a page
 * hydrates. Only the prefixes today's browsers still need are written (`webkitWhereNeeded`).
 */
import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

const KEY = 'css';

/** Properties Safari still reads only, or also, with the -webkit- prefix. */
const WEBKIT_PROPERTIES = new Set(['user-select', 'backdrop-filter', 'text-size-adjust', 'box-decoration-break', 'mask', 'mask-image', 'mask-size', 'mask-position', 'mask-repeat']);

/** Stylis middleware: a -webkit- copy of the few declarations that still need one, nothing else. */
export const webkitWhereNeeded: StylisPlugin = (element) => {
  if (element.type !== 'decl' || element.return) return;
  const property = String(element.props);
  if (WEBKIT_PROPERTIES.has(property) || (property === 'background-clip' && String(element.children).includes('text'))) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

// One array for every render: Emotion keeps its compiled rules per plugin list.
const PLUGINS: StylisPlugin[] = [webkitWhereNeeded];

export interface DocumentStyles {
  cache: EmotionCache;
  /** The one <style> element of every rule used, in first-use order ('' when there is none). */
  element(): string;
}

/** A style cache for one document render, which keeps the rules instead of writing them inline. */
export function documentStyles(): DocumentStyles {
  const cache = createCache({ key: KEY, stylisPlugins: PLUGINS });
  // Compat mode: rules go to `cache.inserted` instead of inline <style> elements.
  cache.compat = true;
  const names: string[] = [];
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    const fresh = shouldCache && cache.inserted[serialized.name] === undefined;
    const rules = insert(selector, serialized, sheet, shouldCache);
    if (fresh && typeof cache.inserted[serialized.name] === 'string') names.push(serialized.name);
    return rules;
  };
  return {
    cache,
    element() {
      const used = names.filter((name) => cache.inserted[name]);
      if (!used.length) return '';
      const css = used.map((name) => cache.inserted[name]).join('');
      return `<style data-emotion="${KEY} ${used.join(' ')}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    },
  };
}

/** The document with the style element at the end of its <head>. */
export function withStylesInHead(html: string, element: string): string {
  if (!element) return html;
  const at = html.indexOf('</head>');
  return at < 0 ? html : html.slice(0, at) + element + html.slice(at);
}
