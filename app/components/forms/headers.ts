import type { HeadersFunction } from '@remix-run/node';

/** Action headers that belong on the document answering a form post. */
const FORWARDED = ['Cache-Control', 'Retry-After'];

/**
 * Route `headers` of a form screen. Remix builds document headers only from this function, so
 * without it an action's Cache-Control: private, no-store and Retry-After would be dropped.
 */
export const formHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = actionHeaders.get(name) ?? loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
