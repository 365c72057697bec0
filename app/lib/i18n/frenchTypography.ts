/**
 * French typography (docs/decisions/0042): a narrow no-break space (U+202F) before ; : ! ? and
 * inside « », applied to every French UI string when the catalogue is built (the same strings go
 * to the server render and the browser) and to the text of rendered French markdown. URLs, times
 * (10:30), interpolation placeholders, i18next nesting, HTML tags and entities are left as they are.
 */
export const NNBSP = '\u202f';

/** What the rules must not touch: {{placeholders}}, $t(nesting), <tags>, &entities;, URLs, e-mail addresses. */
const PROTECTED = /\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>|&#?\w+;|\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"]+|\bmailto:[^\s<>"]+|\bwww\.[^\s<>"]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi;
// A placeholder stands for a protected part while the rules run: a word-like character, so
// "{{count}} ?" and "{{name}}?" get their space like a word would.
const MARK = '\ue000';

/** Spaces (ordinary, no-break or none) before a run of ; : ! ? that ends a word: not 10:30 or a:b. */
const BEFORE_PUNCTUATION = /([^\s\u00a0\u202f(«[{'"’])[ \u00a0]*([;:!?]+)(?=[\s\u00a0\u202f»)\]"”’.,…]|$)/g;
// "? …" at the very start or after a line break stays as it is (nothing to attach it to).

export function frenchTypography(text: string): string {
  if (!/[;:!?«»]/.test(text)) return text;
  const kept: string[] = [];
  const masked = text.replace(PROTECTED, (part) => {
    kept.push(part);
    return MARK;
  });
  const typeset = masked
    .replace(BEFORE_PUNCTUATION, `$1${NNBSP}$2`)
    .replace(/«[ \u00a0]*(?=\S)/g, `«${NNBSP}`)
    .replace(/([^\s\u00a0])[ \u00a0]*»/g, `$1${NNBSP}»`);
  let i = 0;
  return typeset.replace(new RegExp(MARK, 'g'), () => kept[i++]!);
}

type Tree = { [key: string]: string | Tree };

/** Every string of a tree typeset (a new tree). */
export function typesetTree<T extends object>(tree: T): T {
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree as Tree)) out[key] = typeof value === 'string' ? frenchTypography(value) : typesetTree(value);
  return out as T;
}

const CODE = /<(code|pre|script|style|kbd|samp)\b[\s\S]*?<\/\1\s*>/gi;

/**
 * Typesets the text of an HTML fragment (rendered markdown): never tags, attributes or code.
 * Tags count as part of the text around them, so "<a>lien</a> : voilà" gets its space too.
 */
export function frenchTypographyHtml(html: string): string {
  const code: string[] = [];
  // Code stands aside behind a tag-like marker, which the rules leave as it is.
  const masked = html.replace(CODE, (block) => `<\ue001${code.push(block) - 1}>`);
  return frenchTypography(masked).replace(/<\ue001(\d+)>/g, (_m, i: string) => code[Number(i)]!);
}
