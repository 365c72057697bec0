/** What both players' controls share: the skip step, the speeds offered, the brand colours. */
import type { CSSProperties } from 'react';

/** The arrow keys and the skip buttons move this many seconds. */
export const SKIP_SECONDS = 5;
/** The speeds the speed button cycles through (< and > step by 0.25 within media-chrome's range). */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/**
 * media-chrome's theme variables set from the tenant's brand tokens (Chakra's CSS variables), so
 * every tenant's player carries its own colours without a theme per tenant.
 */
export const BRAND_CONTROLS_STYLE = {
  '--media-primary-color': 'var(--chakra-colors-brand-contrast)',
  '--media-secondary-color': 'color-mix(in srgb, var(--chakra-colors-brand-solid) 82%, transparent)',
  '--media-control-background': 'color-mix(in srgb, var(--chakra-colors-brand-solid) 82%, transparent)',
  '--media-control-hover-background': 'var(--chakra-colors-brand-emphasized)',
  '--media-range-bar-color': 'var(--chakra-colors-brand-contrast)',
  '--media-range-track-background': 'color-mix(in srgb, var(--chakra-colors-brand-contrast) 35%, transparent)',
  '--media-focus-box-shadow': 'inset 0 0 0 3px var(--chakra-colors-brand-focus-ring)',
  '--media-font-family': 'inherit',
} as CSSProperties;
