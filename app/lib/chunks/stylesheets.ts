import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError } from './chunkLoadError';

function isStylesheet(node: unknown): node is HTMLLinkElement {
  return node instanceof HTMLLinkElement && node.rel === 'stylesheet' && (!node.media || window.matchMedia(node.media).matches);
}

/**
 * A stylesheet of the document, once the document has loaded: failed with an error status
 * (Chromium then gives it an empty sheet, so the sheet alone does not tell) or without a sheet
 * and never loaded; pending when it has no sheet yet but its address loaded before (the document
 * was mounted again, as when the root error boundary replaces a page: the new element is still
 * taking it from the cache).
 */
function documentSheetState(link: HTMLLinkElement): 'ok' | 'failed' | 'pending' {
  const timing = performance.getEntriesByName(link.href, 'resource').at(-1) as (PerformanceResourceTiming & { responseStatus?: number }) | undefined;
  const status = timing?.responseStatus ?? 0;
  if (status >= 400) return 'failed';
  if (link.sheet) return 'ok';
  return status >= 200 ? 'pending' : 'failed';
}

/**
 * Reports a stylesheet of the page that failed to load, or is still loading after 120 seconds, as a
 * ChunkLoadError (SPEC.md §8). The document's own sheets have settled by the window's load event and
 * are checked then; sheets added later (a route's styles on client-side navigation, a lazy
 * component's) are watched from insertion for their error event or the limit. Returns the function
 * that stops watching.
 */
export function watchStylesheets(onFailure: (error: ChunkLoadError) => void, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): () => void {
  const timers = new Map<HTMLLinkElement, ReturnType<typeof setTimeout>>();
  const settle = (link: HTMLLinkElement) => {
    clearTimeout(timers.get(link));
    timers.delete(link);
  };
  // Element load and error events do not bubble; both reach a capturing listener on the document.
  const onError = (event: Event) => {
    if (!isStylesheet(event.target)) return;
    settle(event.target);
    onFailure(new ChunkLoadError(event.target.href, 'failed'));
  };
  const onLoad = (event: Event) => {
    if (isStylesheet(event.target)) settle(event.target);
  };
  const watch = (link: HTMLLinkElement) => {
    if (link.sheet || timers.has(link)) return;
    timers.set(
      link,
      setTimeout(() => {
        timers.delete(link);
        if (link.isConnected && !link.sheet) onFailure(new ChunkLoadError(link.href, 'timeout'));
      }, timeoutMs),
    );
  };
  const checkDocumentSheets = () => {
    for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
      if (!isStylesheet(link) || timers.has(link)) continue;
      const state = documentSheetState(link);
      if (state === 'failed') onFailure(new ChunkLoadError(link.href, 'failed'));
      else if (state === 'pending') watch(link);
    }
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (isStylesheet(node)) watch(node);
  });

  document.addEventListener('error', onError, true);
  document.addEventListener('load', onLoad, true);
  observer.observe(document.head, { childList: true });
  if (document.readyState === 'complete') checkDocumentSheets();
  else window.addEventListener('load', checkDocumentSheets, { once: true });

  return () => {
    document.removeEventListener('error', onError, true);
    document.removeEventListener('load', onLoad, true);
    window.removeEventListener('load', checkDocumentSheets);
    observer.disconnect();
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };
}
