/**
 * The colours of a live room's bar (RoomBar), derived from the theme's header pair so every brand's
 * room looks like its site: the bar is headerBg, its text headerFg, and its secondary line (date,
 * layout) headerFg blended towards the background. One home for the derivation: the Chakra system
 * paints the bar with these (themeSystem.ts) and tenants:check measures them (contrast.ts).
 */
import { resolveColor, type Theme, type ThemeMode } from './theme';

/** How much of headerFg the bar's secondary line keeps (the rest is headerBg): quieter, still AA. */
export const ROOM_BAR_MUTED_SHARE = 0.78;

export interface RoomBarColors {
  bg: string;
  fg: string;
  muted: string;
}

function hexChannels(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `share` of colour a over colour b, in sRGB (what CSS color-mix in srgb gives). */
export function mixHex(a: string, b: string, share: number): string {
  const [ca, cb] = [hexChannels(a), hexChannels(b)];
  return `#${ca.map((v, i) => Math.round(v * share + cb[i] * (1 - share)).toString(16).padStart(2, '0')).join('')}`;
}

export function roomBarColors(theme: Pick<Theme, 'colors'>, mode: ThemeMode): RoomBarColors {
  const bg = resolveColor(theme, mode.headerBg);
  const fg = resolveColor(theme, mode.headerFg);
  return { bg, fg, muted: mixHex(fg, bg, ROOM_BAR_MUTED_SHARE) };
}

/** The bar's text on its background, each named as tenants:check reports it. */
export function roomBarPairs(colors: RoomBarColors): Array<{ part: string; fg: string; bg: string }> {
  return [
    { part: 'room bar title and Leave', fg: colors.fg, bg: colors.bg },
    { part: 'room bar date line', fg: colors.muted, bg: colors.bg },
  ];
}
