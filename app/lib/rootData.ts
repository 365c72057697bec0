import { isRouteErrorResponse, useMatches, useRouteError, useRouteLoaderData } from '@remix-run/react';
import type { RouteHandle } from './handles';
import type { PublicIdentityConfig, SessionUser } from './identity/types';
import type { PublicTenant } from './config/tenant';
import type { Theme } from './config/theme';

export interface RootData {
  tenant: PublicTenant;
  theme: Theme;
  language: 'en' | 'es' | 'fr';
  /** The tag the UI speaks, `<html lang>`: the tenant's regional variant of `language` (es-MX) or `language`. */
  languageTag: string;
  /** BCP 47 locale for Intl formatting. */
  locale: string;
  /** Content hash of this language's strings, in the URL of every namespace fetched on client-side navigation. */
  translationsHash: string;
  /** URL of the theme's global CSS (reset and design tokens), content-hashed. */
  themeStylesheet: string;
  /** The tenant's user pool for Amplify, or null when none is configured. */
  identity: PublicIdentityConfig | null;
  /** The verified signed-in user, or null. */
  user: SessionUser | null;
  /** How the header names the signed-in user (app/lib/identity/displayName.ts), never the raw address; null when signed out. */
  account: { name: string; initials: string; avatarUrl: string | null } | null;
  /** Units in the request's cart (the signed-in user's or the guest cookie's); null in a shared shell. */
  cart: { count: number } | null;
  seo: { title: string; description: string; ogImage: string | null; url: string; siteName: string };
}

/**
 * Root loader data from any component, error boundaries included. When the root loader itself met
 * an outage, its 503 carries the brand (`root`, app/root.server.ts) so the page stays branded.
 */
export function useRootData(): RootData | undefined {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const error = useRouteError();
  if (data) return data;
  return isRouteErrorResponse(error) && error.status === 503 ? ((error.data as { root?: RootData } | null)?.root ?? undefined) : undefined;
}

/**
 * The signed-in user: the root's, or, on a stage screen (a live room) whose shared shell named no
 * one, the user its own data names; the root's data is not asked again there (docs/decisions/0024).
 */
export function useSessionUser(): SessionUser | null {
  const matches = useMatches();
  const root = useRootData();
  if (root?.user) return root.user;
  for (const match of matches) {
    const person = (match.data as { user?: SessionUser } | null | undefined)?.user;
    if ((match.handle as RouteHandle | undefined)?.stage && person) return person;
  }
  return null;
}
