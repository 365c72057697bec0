import { useMatches } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addNamespace, loadedNamespaces } from './instance';
import { routeNamespaces, type Namespace, type PartialTranslations } from './namespaces';
import { useRootData } from '#app/lib/rootData';

const pending = new Map<string, Promise<void>>();

/** Resolves when the browser says it is online again. */
const backOnline = () => new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));

/**
 * Fetches one namespace (content-hashed URL, cached by the browser for a year) into the instance.
 * When it cannot be had (a deploy changed its hash, the network failed), the page is loaded as a
 * document instead: the server renders it with its strings, never with raw keys. While the browser
 * is offline it waits for the network and asks again: a reload then would replace the page (a room
 * with its chat) with the browser's offline error.
 */
export function loadNamespace(instance: I18n, namespace: Namespace, hash: string | undefined): Promise<void> {
  const href = `/locales/${instance.language}/${namespace}.${hash}.json`;
  let load = pending.get(href);
  if (!load) {
    const attempt = (): Promise<PartialTranslations> =>
      (hash ? fetch(href) : Promise.reject(new Error('no hash'))).then(
        (res) => (res.ok ? (res.json() as Promise<PartialTranslations>) : Promise.reject(new Error(`${href}: ${res.status}`))),
        (e: unknown) => (hash && !navigator.onLine ? backOnline().then(attempt) : Promise.reject(e)),
      );
    load = attempt()
      .then((resources) => addNamespace(instance, namespace, resources))
      .catch(() => {
        window.location.reload();
        return new Promise<void>(() => {});
      });
    pending.set(href, load);
  }
  return load;
}

/**
 * Makes sure the strings of every namespace the matched routes declare are loaded before the page
 * renders. A document arrives with its namespaces (entry.server), so only client-side navigation
 * can reach a page whose namespace is missing; the component then suspends, and since Remix
 * navigates inside a React transition, the previous page stays on screen until the strings are
 * in: no flash of raw keys (docs/decisions/0019).
 */
export function useRouteNamespaces(hash: string | undefined): void {
  const matches = useMatches();
  const { i18n } = useTranslation();
  const loaded = loadedNamespaces(i18n);
  const missing = routeNamespaces(matches.map((m) => m.handle)).filter((ns) => !loaded.has(ns));
  if (missing.length === 0 || typeof document === 'undefined') return;
  throw Promise.all(missing.map((ns) => loadNamespace(i18n, ns, hash)));
}

/**
 * One namespace no route declares, for a part that shows only in the browser (the room's reactions
 * bar): its strings stay out of the document, whose size the join storm counts (docs/decisions/0024),
 * and are fetched when the part first mounts. True once they are in.
 */
export function useNamespace(namespace: Namespace): boolean {
  const { i18n } = useTranslation();
  const hash = useRootData()?.translationsHash;
  const [ready, setReady] = useState(() => loadedNamespaces(i18n).has(namespace));
  useEffect(() => {
    if (ready) return;
    let mounted = true;
    void loadNamespace(i18n, namespace, hash).then(() => mounted && setReady(true));
    return () => {
      mounted = false;
    };
  }, [i18n, namespace, hash, ready]);
  return ready;
}
