import type { Namespace } from './i18n/namespaces';

/** What a route module may say about itself in `handle`. */
export interface RouteHandle {
  /**
   * false: served to signed-out visitors as plain HTML with no client JavaScript
   * (docs/decisions/0004). A function of the route's loader data: the same, except for the pages
   * it says need the client app (docs/decisions/0069).
   */
  hydrate?: false | ((data: unknown) => boolean);
  /** Translation namespaces the screen renders besides `common` (docs/decisions/0019). */
  i18n?: readonly Namespace[];
  /** The screen fills the viewport with its own slim bar: no site header or footer (the live rooms). */
  stage?: true;
}

/** Whether a matched route, with its loader data, asks to be served without the client app. */
export function servedWithoutApp(handle: RouteHandle | undefined, data: unknown): boolean {
  const hydrate = handle?.hydrate;
  return typeof hydrate === 'function' ? !hydrate(data) : hydrate === false;
}

/** Handle of a hydrated screen: the translation namespaces it renders besides `common`. */
export const i18nHandle = (...i18n: Namespace[]): RouteHandle => ({ i18n });

/** Handle of a screen served as plain HTML with no client JavaScript, and its translation namespaces. */
export const staticHandle = (...i18n: Namespace[]): RouteHandle => ({ hydrate: false, i18n });

/**
 * Handle of a screen served as plain HTML unless `needsApp` says this page needs the client app
 * (a player, a live state to follow), and its translation namespaces.
 */
export const staticUnlessHandle = <Data,>(needsApp: (data: Data) => boolean, ...i18n: Namespace[]): RouteHandle => ({ hydrate: (data) => needsApp(data as Data), i18n });

/** Handle of a hydrated full-viewport screen (a live room): no site header or footer, and its translation namespaces. */
export const stageHandle = (...i18n: Namespace[]): RouteHandle => ({ i18n, stage: true });
