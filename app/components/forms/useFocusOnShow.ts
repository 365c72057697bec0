import { useEffect, useRef } from 'react';

/**
 * Focus an element each time `key` changes to a new truthy value: the error summary after every
 * failed submit (a server answer or a check in the browser), so keyboard and screen-reader users
 * land on the list of problems instead of staying on the submit button.
 */
export function useFocusOnShow<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!key) return;
    // focus() also scrolls the summary into view.
    ref.current?.focus();
  }, [key]);
  return ref;
}
