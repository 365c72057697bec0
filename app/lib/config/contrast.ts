import { roomBarColors, roomBarPairs } from './roomBar';
import { CONTRAST_PAIRS, resolveColor, type Theme } from './theme';

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.x relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export const WCAG_AA_TEXT = 4.5;

export interface ContrastProblem {
  path: string;
  message: string;
}

/** Lists every text/background pair of both modes that falls below WCAG AA, the live room's bar included. */
export function checkThemeContrast(theme: Theme): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  for (const mode of ['light', 'dark'] as const) {
    for (const [text, background] of CONTRAST_PAIRS) {
      const fg = resolveColor(theme, theme[mode][text]);
      const bg = resolveColor(theme, theme[mode][background]);
      const ratio = contrastRatio(fg, bg);
      if (ratio < WCAG_AA_TEXT) {
        problems.push({
          path: `${mode}.${text}`,
          message: `${text} ${fg} on ${background} ${bg} has contrast ${ratio.toFixed(2)}:1, below WCAG AA ${WCAG_AA_TEXT}:1`,
        });
      }
    }
    // The room bar's secondary line is derived (roomBar.ts): a header pair that barely passes can fail there.
    for (const { part, fg, bg } of roomBarPairs(roomBarColors(theme, theme[mode]))) {
      const ratio = contrastRatio(fg, bg);
      if (ratio < WCAG_AA_TEXT) {
        problems.push({
          path: `${mode}.headerFg`,
          message: `${part} ${fg} on headerBg ${bg} has contrast ${ratio.toFixed(2)}:1, below WCAG AA ${WCAG_AA_TEXT}:1`,
        });
      }
    }
  }
  return problems;
}
