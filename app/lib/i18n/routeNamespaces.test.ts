import type { i18n as I18n } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadNamespace } from './routeNamespaces';

/** A browser's globals as the loader sees them: online or not, its "online" listeners, reload. */
function browser(onLine: boolean) {
  const listeners: Array<() => void> = [];
  const reload = vi.fn();
  vi.stubGlobal('navigator', { onLine });
  vi.stubGlobal('window', { addEventListener: (type: string, fn: () => void) => type === 'online' && listeners.push(fn), location: { reload } });
  return { reload, goOnline: () => listeners.splice(0).forEach((fn) => fn()) };
}

const instance = () => {
  const bundles: unknown[] = [];
  return { i18n: { language: 'en', addResourceBundle: (...args: unknown[]) => bundles.push(args[2]) } as unknown as I18n, bundles };
};

afterEach(() => vi.unstubAllGlobals());

describe('loadNamespace', () => {
  it('offline, waits for the network and asks again instead of reloading the page', async () => {
    const page = browser(false);
    const fetch = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(new Response(JSON.stringify({ polls: { vote: 'Vote' } })));
    vi.stubGlobal('fetch', fetch);
    const { i18n, bundles } = instance();
    const done = loadNamespace(i18n, 'polls', 'offline1');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(page.reload).not.toHaveBeenCalled();
    page.goOnline();
    await done;
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(bundles).toEqual([{ polls: { vote: 'Vote' } }]);
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('online, a file it cannot have (a deploy changed its hash) or a failed request reloads the page as a document', async () => {
    const page = browser(true);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('gone', { status: 404 })));
    void loadNamespace(instance().i18n, 'polls', 'gone1');
    await vi.waitFor(() => expect(page.reload).toHaveBeenCalledTimes(1));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    void loadNamespace(instance().i18n, 'polls', 'failed1');
    await vi.waitFor(() => expect(page.reload).toHaveBeenCalledTimes(2));
  });
});
