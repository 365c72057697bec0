import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkThemeContrast, contrastRatio, luminance } from './contrast';
import { roomBarColors, roomBarPairs } from './roomBar';
import { themeSchema, type Theme } from './theme';

/** The shipped themes (themes/*.json). */
const DIR = fileURLToPath(new URL('../../../themes', import.meta.url));
const THEME_FILES = readdirSync(DIR).filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'));
const load = (file: string): Theme => themeSchema.parse(JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8')));

describe('contrast', () => {
  it('computes WCAG relative luminance', () => {
    expect(luminance('#ffffff')).toBeCloseTo(1, 5);
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#808080')).toBeCloseTo(0.2159, 4);
  });

  it('matches known contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff').toFixed(2)).toBe('4.48');
    expect(contrastRatio('#767676', '#ffffff').toFixed(2)).toBe('4.54');
    expect(contrastRatio('#4f46e5', '#ffffff').toFixed(2)).toBe('6.29');
  });

  it('is symmetric', () => {
    expect(contrastRatio('#ffffff', '#0f172a')).toBe(contrastRatio('#0f172a', '#ffffff'));
  });
});

describe('shipped themes', () => {
  it('include three distinct themes', () => {
    expect(THEME_FILES.sort()).toEqual(['aurora.json', 'lumiere.json', 'solana.json']);
    const brands = THEME_FILES.map((f) => load(f).colors.brand['600']);
    const headings = THEME_FILES.map((f) => load(f).fonts.heading);
    expect(new Set(brands).size).toBe(3);
    expect(new Set(headings).size).toBe(3);
  });

  it.each(THEME_FILES)('%s passes the schema and WCAG AA in light and dark', (file) => {
    const theme = load(file);
    expect(`${theme.id}.json`).toBe(file);
    expect(checkThemeContrast(theme)).toEqual([]);
  });

  it.each(THEME_FILES)("%s: every text of the live room's bar reaches AA on the bar in both modes", (file) => {
    const theme = load(file);
    for (const mode of [theme.light, theme.dark]) {
      for (const pair of roomBarPairs(roomBarColors(theme, mode))) expect(contrastRatio(pair.fg, pair.bg), pair.part).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('a bad theme', () => {
  const aurora = JSON.parse(readFileSync(`${DIR}/aurora.json`, 'utf8')) as Theme;

  it('is rejected for low contrast, naming mode and field', () => {
    const theme = themeSchema.parse({ ...aurora, light: { ...aurora.light, fgMuted: '#999999' }, dark: { ...aurora.dark, brandContrast: 'brand.300' } });
    const problems = checkThemeContrast(theme);
    expect(problems.map((p) => p.path)).toEqual(['light.fgMuted', 'dark.brandContrast']);
    expect(problems[0].message).toMatch(/2\.85:1, below WCAG AA 4\.5:1/);
  });

  it("is rejected when its room bar's date line would fall below AA, though the header pair passes", () => {
    const lumiere = JSON.parse(readFileSync(`${DIR}/lumiere.json`, 'utf8')) as Theme;
    const theme = themeSchema.parse({ ...lumiere, light: { ...lumiere.light, headerBg: 'brand.500', headerFg: '#ffffff' } });
    expect(contrastRatio('#ffffff', theme.colors.brand['500'])).toBeGreaterThanOrEqual(4.5);
    const problems = checkThemeContrast(theme);
    expect(problems.map((p) => p.path)).toEqual(['light.headerFg']);
    expect(problems[0].message).toMatch(/^room bar date line #[0-9a-f]{6} on headerBg #c04a6c has contrast 3\.\d\d:1, below WCAG AA 4\.5:1$/);
  });

  it.each([
    ['colors.brand.500', { colors: { ...aurora.colors, brand: { ...aurora.colors.brand, '500': 'red' } } }],
    ['light.fg', { light: { ...aurora.light, fg: 'brand.550' } }],
    ['dark.headerBg', { dark: { ...aurora.dark, headerBg: 'primary.500' } }],
    ['fonts.body', { fonts: { heading: 'Georgia, serif' } }],
  ])('is rejected by the schema at %s', (field, patch) => {
    const result = themeSchema.safeParse({ ...aurora, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(field);
  });

  it('is rejected for an unknown key', () => {
    expect(themeSchema.safeParse({ ...aurora, gradient: 'rainbow' }).success).toBe(false);
  });
});
