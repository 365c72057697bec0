import { z } from 'zod';

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a six-digit hex colour such as #1a2b3c');
const STEPS = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;
export type Step = (typeof STEPS)[number];

/** A colour scale from 50 (lightest) to 950 (darkest). */
export const colorScaleSchema = z.object(Object.fromEntries(STEPS.map((s) => [s, hex])) as Record<Step, typeof hex>).strict();

/** A reference to a step of a scale ("brand.600") or a literal hex colour. */
const colorRef = z.string().regex(/^((brand|accent|neutral)\.(50|[1-9]00|950)|#[0-9a-fA-F]{6})$/, 'must be a scale step such as brand.600 or a hex colour');

/** Colours one mode (light or dark) uses; each text/background pair is contrast-checked. */
export const modeSchema = z
  .object({
    bg: colorRef,
    bgSubtle: colorRef,
    fg: colorRef,
    fgMuted: colorRef,
    border: colorRef,
    brandSolid: colorRef,
    brandContrast: colorRef,
    brandFg: colorRef,
    brandSubtle: colorRef,
    brandMuted: colorRef,
    brandEmphasized: colorRef,
    brandFocusRing: colorRef,
    accentSolid: colorRef,
    accentContrast: colorRef,
    headerBg: colorRef,
    headerFg: colorRef,
  })
  .strict();
export type ThemeMode = z.infer<typeof modeSchema>;

export const themeSchema = z
  .object({
    $schema: z.string().optional(),
    id: z.string().regex(/^[a-z0-9-]+$/),
    colors: z.object({ brand: colorScaleSchema, accent: colorScaleSchema, neutral: colorScaleSchema }).strict(),
    light: modeSchema,
    dark: modeSchema,
    fonts: z.object({ heading: z.string().min(1), body: z.string().min(1) }).strict(),
    radii: z.object({ l1: z.string(), l2: z.string(), l3: z.string() }).strict(),
    shadows: z.object({ card: z.string() }).strict(),
  })
  .strict();

export type Theme = z.infer<typeof themeSchema>;

/** Text/background pairs that must meet WCAG AA (4.5:1 for body text). */
export const CONTRAST_PAIRS: ReadonlyArray<[keyof ThemeMode, keyof ThemeMode]> = [
  ['fg', 'bg'],
  ['fgMuted', 'bg'],
  ['fg', 'bgSubtle'],
  ['brandContrast', 'brandSolid'],
  ['brandFg', 'bg'],
  ['accentContrast', 'accentSolid'],
  ['headerFg', 'headerBg'],
];

export function resolveColor(theme: Pick<Theme, 'colors'>, ref: string): string {
  if (ref.startsWith('#')) return ref;
  const [scale, step] = ref.split('.') as ['brand' | 'accent' | 'neutral', Step];
  return theme.colors[scale][step];
}
