/** Where `npm run screens` puts its pictures (test-results/screens/<tenant>/<width>/<route>.png). */
import { join } from 'node:path';

export const SCREENS_DIR = 'test-results/screens';
/** Phone, tablet, laptop and desktop widths. */
export const SCREEN_WIDTHS = [390, 768, 1024, 1280] as const;

export interface ScreenRecord {
  tenant: string;
  route: string;
  /** The path and query asked for. */
  url: string;
  as: 'visitor' | 'organizer';
  status: number;
  /** Where the browser ended up (after redirects). */
  landed: string;
  /** Whether the screen finished loading (hydrated, images decoded, nothing busy). */
  settled: boolean;
  /** Per width, the pixels the page reaches past the window sideways (0 = fits). */
  overflow: Record<string, number>;
  /** The route answered with a file to download: there is no picture of it. */
  download?: boolean;
}

/** "/" is the home page's file; every other route is its path without the slash. */
export const routeFileName = (route: string) => (route === '/' ? 'index' : route.replace(/^\//, '').replace(/[^A-Za-z0-9_-]/g, '_'));

export function screenFile(tenant: string, width: number | 'meta', route: string): string {
  return join(SCREENS_DIR, tenant, String(width), `${routeFileName(route)}.png`);
}
