import { createSystem, defaultConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import { BREAKPOINTS } from '#app/lib/breakpoints';
import { roomBarColors, type RoomBarColors } from './roomBar';
import { resolveColor, type Theme, type ThemeMode } from './theme';

type Scale = Record<string, { value: string }>;
const scale = (s: Record<string, string>): Scale =>
  Object.fromEntries(Object.entries(s).map(([k, v]) => [k, { value: v }]));

/**
 * Light and dark follow the operating system's colour scheme through media queries, so the
 * server-rendered stylesheet is right on first paint with no script and no class to set. Both modes
 * are media conditions on the same selector: Chakra's default `_light` (`:root, .light`) would
 * otherwise outrank the dark variables (`:where(html)` inside the media query) and the page would
 * stay light (docs/decisions/0039).
 */
export const COLOR_MODE_CONDITIONS = {
  light: '@media (prefers-color-scheme: light)',
  dark: '@media (prefers-color-scheme: dark)',
} as const;

/** A colour token: the theme's light value (also the fallback where no scheme is reported) and its dark value. */
function semantic(theme: Theme, pick: (m: ThemeMode) => string) {
  const light = resolveColor(theme, pick(theme.light));
  return { value: { base: light, _light: light, _dark: resolveColor(theme, pick(theme.dark)) } };
}

/** Turns a theme's design tokens into Chakra config: only CSS variable values differ between tenants. */
export function themeConfig(theme: Theme) {
  const s = (pick: (m: ThemeMode) => string) => semantic(theme, pick);
  const bar = (pick: (c: RoomBarColors) => string) => {
    const light = pick(roomBarColors(theme, theme.light));
    return { value: { base: light, _light: light, _dark: pick(roomBarColors(theme, theme.dark)) } };
  };
  return defineConfig({
    conditions: COLOR_MODE_CONDITIONS,
    theme: {
      breakpoints: { ...BREAKPOINTS },
      tokens: {
        colors: { brand: scale(theme.colors.brand), accent: scale(theme.colors.accent), neutral: scale(theme.colors.neutral) },
        fonts: { heading: { value: theme.fonts.heading }, body: { value: theme.fonts.body } },
        radii: { l1: { value: theme.radii.l1 }, l2: { value: theme.radii.l2 }, l3: { value: theme.radii.l3 } },
        shadows: { card: { value: theme.shadows.card } },
      },
      semanticTokens: {
        colors: {
          bg: { DEFAULT: s((m) => m.bg), subtle: s((m) => m.bgSubtle) },
          fg: { DEFAULT: s((m) => m.fg), muted: s((m) => m.fgMuted) },
          border: { DEFAULT: s((m) => m.border) },
          brand: {
            solid: s((m) => m.brandSolid),
            contrast: s((m) => m.brandContrast),
            fg: s((m) => m.brandFg),
            muted: s((m) => m.brandMuted),
            subtle: s((m) => m.brandSubtle),
            emphasized: s((m) => m.brandEmphasized),
            focusRing: s((m) => m.brandFocusRing),
          },
          accent: {
            solid: s((m) => m.accentSolid),
            contrast: s((m) => m.accentContrast),
            fg: s((m) => m.accentSolid),
            muted: s((m) => m.brandMuted),
            subtle: s((m) => m.brandSubtle),
            emphasized: s((m) => m.brandEmphasized),
            focusRing: s((m) => m.accentSolid),
          },
          header: { bg: s((m) => m.headerBg), fg: s((m) => m.headerFg) },
          roomBar: { bg: bar((c) => c.bg), fg: bar((c) => c.fg), muted: bar((c) => c.muted) },
        },
      },
    },
    globalCss: {
      // Form controls, scrollbars and the canvas follow the scheme the tokens follow.
      ':root': { colorScheme: 'light dark' },
      body: { fontFamily: 'body', bg: 'bg', color: 'fg' },
      'h1, h2, h3, h4': { fontFamily: 'heading' },
    },
  });
}

const systems = new Map<string, SystemContext>();

/** One Chakra system per theme, built once and reused for every request and render. */
export function systemForTheme(theme: Theme): SystemContext {
  let system = systems.get(theme.id);
  if (!system) {
    system = createSystem(defaultConfig, themeConfig(theme));
    systems.set(theme.id, system);
  }
  return system;
}

const pageSystems = new Map<string, SystemContext>();

/**
 * The system pages render with: the theme's global CSS (reset, token variables) is left out,
 * because pages link it as a cached stylesheet (server/config/themeStylesheet.server.ts).
 */
export function pageSystemForTheme(theme: Theme): SystemContext {
  let system = pageSystems.get(theme.id);
  if (!system) {
    system = { ...systemForTheme(theme), _global: [] } as SystemContext;
    pageSystems.set(theme.id, system);
  }
  return system;
}
