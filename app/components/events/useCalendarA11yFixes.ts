import { useEffect, type RefObject } from 'react';

/**
 * react-big-calendar writes a few attributes it offers no option for: the month grid's
 * aria-label is always "Month View" (English in every language), and the week view wraps each
 * event in a role="button" with tabindex 0 although our event is already a button inside it (two
 * tab stops, nested interactive controls). In the month grid a week's row (role="row") holds its
 * events' segments beside its day cells, and a row may hold only cells: each segment becomes the
 * cell of its event. React leaves an attribute alone while its prop does not change, so correcting
 * the DOM after each render of the library sticks.
 */
export function useCalendarA11yFixes(container: RefObject<HTMLElement | null>, labels: { month: string }) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const fix = () => {
      for (const el of root.querySelectorAll<HTMLElement>('.rbc-month-view[aria-label]')) {
        if (el.getAttribute('aria-label') !== labels.month) el.setAttribute('aria-label', labels.month);
      }
      for (const el of root.querySelectorAll<HTMLElement>('.rbc-month-view .rbc-row-content .rbc-row-segment:not([role])')) el.setAttribute('role', 'cell');
      for (const el of root.querySelectorAll<HTMLElement>('.rbc-day-slot .rbc-event[role="button"]')) {
        el.removeAttribute('role');
        el.removeAttribute('tabindex');
      }
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container, labels.month]);
}
