import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveColor, themeSchema } from '#app/lib/config/theme';
import { themeStylesheet } from './themeStylesheet.server';

const THEMES = ['aurora', 'solana', 'lumiere'].map((id) => themeSchema.parse(JSON.parse(readFileSync(`themes/${id}.json`, 'utf8'))));

/** The token declarations of the block a selector or at-rule opens, as name → value. */
function block(css: string, opener: string): Record<string, string> {
  const start = css.indexOf(`${opener}{`);
  if (start < 0) return {};
  const body = css.slice(start + opener.length + 1, css.indexOf('}', start));
  return Object.fromEntries(body.split(';').filter(Boolean).map((d) => d.split(/:(.*)/s).slice(0, 2) as [string, string]));
}

describe('theme stylesheet colour modes (docs/decisions/0039)', () => {
  it.each(THEMES)('$id: light and dark tokens switch with prefers-color-scheme, with the theme values', (theme) => {
    const { css } = themeStylesheet(theme);
    const light = block(css, '@media (prefers-color-scheme: light){:where(html, .chakra-theme)');
    const dark = block(css, '@media (prefers-color-scheme: dark){:where(html, .chakra-theme)');
    for (const [token, key] of [['bg', 'bg'], ['fg', 'fg'], ['fg-muted', 'fgMuted'], ['border', 'border'], ['brand-solid', 'brandSolid']] as const) {
      expect(light[`--chakra-colors-${token}`], `light ${token}`).toBe(resolveColor(theme, theme.light[key]));
      expect(dark[`--chakra-colors-${token}`], `dark ${token}`).toBe(resolveColor(theme, theme.dark[key]));
    }
    // No class-based mode block can outrank the media queries, and controls follow the scheme.
    expect(css).not.toContain(':root,.light{');
    expect(css).not.toContain('.dark,.dark .chakra-theme');
    expect(css).toMatch(/:root\{[^}]*color-scheme:light dark/);
  });
});
