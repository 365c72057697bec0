import type { Namespace } from './i18n/namespaces';

/** What a route module may say about itself in `handle`. */
export interface RouteHandle {
  /** false: served as plain HTML with no client JavaScript (docs/decisions/0004). */
  hydrate?: false;
  /** Translation namespaces the screen renders besides `common` (docs/decisions/0019). */
  i18n?: readonly Namespace[];
  /** true: a full-viewport screen with its own bar, without the site's header and footer (docs/decisions/0021). */
  stage?: true;
}

/** Handle of a hydrated screen: the translation namespaces it renders besides `common`. */
export const i18nHandle = (...i18n: Namespace[]): RouteHandle => ({ i18n });

/** Handle of a screen served as plain HTML with no client JavaScript, and its translation namespaces. */
export const staticHandle = (...i18n: Namespace[]): RouteHandle => ({ hydrate: false, i18n });

/** Handle of a full-viewport screen (the live rooms): no site header or footer; its translation namespaces. */
export const stageHandle = (...i18n: Namespace[]): RouteHandle => ({ stage: true, i18n });
