/**
 * Which Enter presses may submit a form (docs/decisions/0065). Enter in a combobox (an input with
 * suggestions, `list=` or role="combobox") takes or dismisses a suggestion: it never submits, so a
 * half-filled form is not saved by a stray key. Enter in a search field only submits a search form
 * (method GET, which changes nothing); in a form that saves, it does nothing either.
 */
export interface EnterTarget {
  tagName: string;
  type?: string | null;
  role?: string | null;
  /** The input names a datalist. */
  hasList?: boolean;
  /** The method of the input's form ("get" when it has none). */
  formMethod?: string | null;
}

export function enterMaySubmit({ tagName, type, role, hasList, formMethod }: EnterTarget): boolean {
  if (tagName.toUpperCase() !== 'INPUT') return true;
  if (hasList || (role ?? '').toLowerCase() === 'combobox') return false;
  if ((type ?? '').toLowerCase() === 'search') return (formMethod ?? 'get').toLowerCase() === 'get';
  return true;
}

/** The keydown handler the document carries: it cancels the implicit submission the rule refuses. */
export function guardStrayEnter(event: KeyboardEvent): void {
  if (event.key !== 'Enter' || event.isComposing || event.defaultPrevented) return;
  const target = event.target as HTMLInputElement | null;
  if (!target || target.tagName !== 'INPUT' || !target.form) return;
  const allowed = enterMaySubmit({
    tagName: target.tagName,
    type: target.getAttribute('type'),
    role: target.getAttribute('role'),
    hasList: target.hasAttribute('list'),
    formMethod: target.form.getAttribute('method'),
  });
  if (!allowed) event.preventDefault();
}
