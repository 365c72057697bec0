import { useEffect, useRef } from 'react';

/**
 * react-big-calendar writes aria-label="Month View" on its month grid in every language and has no
 * message for it: after each render the grid is given the page's own label. React leaves the
 * attribute alone while its (constant) prop value does not change, and a new grid (another view
 * or month) is relabelled by the next render's effect.
 */
export function useViewLabel<T extends HTMLElement>(label: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    for (const grid of ref.current?.querySelectorAll('.rbc-month-view[aria-label]') ?? []) if (grid.getAttribute('aria-label') !== label) grid.setAttribute('aria-label', label);
  });
  return ref;
}
