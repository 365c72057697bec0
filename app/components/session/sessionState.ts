import { AMPLIFY_COOKIE_PREFIX } from '#app/lib/identity/types';

/** Whether Amplify's token cookies still name a signed-in user (another tab may have signed out). */
export function hasAmplifySession(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookie.split(';').some((part) => {
    const [rawName, ...rest] = part.split('=');
    let name = (rawName ?? '').trim();
    try {
      name = decodeURIComponent(name);
    } catch {
      // keep the raw name
    }
    return name.startsWith(`${AMPLIFY_COOKIE_PREFIX}.`) && name.endsWith('.LastAuthUser') && rest.join('=').trim() !== '';
  });
}

/**
 * Inactivity guard timings (docs/PRODUCT.md, Rules: inactivity guard): prompted after
 * IDLE_TIMEOUT_MS (60 min) without activity, then a PROMPT_BEFORE_IDLE_MS (60 s) countdown to
 * idle, refreshed every second.
 * react-idle-timer's `timeout` counts all the way to idle, so it is the sum of the two.
 */
export const IDLE_TIMEOUT_MS = 3_600_000;
export const PROMPT_BEFORE_IDLE_MS = 60_000;
export const TIMER_TIMEOUT_MS = IDLE_TIMEOUT_MS + PROMPT_BEFORE_IDLE_MS;
export const COUNTDOWN_TICK_MS = 1_000;

export type IdleState = 'active' | 'prompted' | 'idle';

/** Whole seconds left, as the countdown shows them. */
export const secondsLeft = (remainingMs: number) => Math.max(0, Math.ceil(remainingMs / 1000));
