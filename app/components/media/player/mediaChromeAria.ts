/**
 * Where media-chrome's controls do not hold up to axe (WCAG 2.5.3 label in name, 4.1.2 name, role,
 * value), corrected in the browser once its elements are defined:
 *  - the speed button shows "1x" and was named "Playback rate 1": its label says "1x" too;
 *  - the time display (a button toggling the remaining time) shows "0:12 / 1:30" and was named
 *    "playback time" only: its name holds what it shows;
 *  - the captions toggle says its state with aria-checked, which a button cannot carry: a switch.
 * The elements rewrite these attributes on each update (the time display its name on every tick),
 * and a defined element's callbacks cannot be wrapped afterwards (the browser kept them when it was
 * defined), so the fix runs whenever one of them is rewritten or added, and once on those already
 * on the page.
 */
type Translations = Record<string, string>;

const RATE_LABEL = 'Playback rate {playbackRate}';

/** The language's strings with the speed written as it is shown ("1x"). */
export function withShownRate(strings: Translations): Translations {
  const rate = strings[RATE_LABEL] ?? RATE_LABEL;
  return { ...strings, [RATE_LABEL]: rate.includes('{playbackRate}x') ? rate : rate.replace('{playbackRate}', '{playbackRate}x') };
}

/** The attributes the fixes set: rewriting one of them is an element's update. */
const FIXED_ATTRIBUTES = ['aria-label', 'role'];
const fixes = new Map<string, (el: HTMLElement) => void>();
let observer: MutationObserver | null = null;

function fixElement(el: HTMLElement) {
  fixes.get(el.localName)?.(el);
}

function afterEachUpdate(name: string, fix: (el: HTMLElement) => void) {
  if (!customElements.get(name)) return;
  fixes.set(name, fix);
  observer ??= new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') fixElement(record.target as HTMLElement);
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        fixElement(node);
        for (const tag of fixes.keys()) for (const el of node.querySelectorAll<HTMLElement>(tag)) fixElement(el);
      }
    }
  });
  observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: FIXED_ATTRIBUTES });
  for (const el of document.querySelectorAll<HTMLElement>(name)) fix(el);
}

const setAttribute = (el: HTMLElement, name: string, value: string) => {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
};

/** `timeLabel`: media-chrome's "playback time" in the page's language. */
export function correctMediaChromeAria(timeLabel: string) {
  afterEachUpdate('media-captions-button', (el) => setAttribute(el, 'role', 'switch'));
  afterEachUpdate('media-time-display', (el) => {
    const shown = el.shadowRoot?.querySelector('slot')?.textContent?.trim();
    setAttribute(el, 'aria-label', shown ? `${timeLabel}: ${shown}` : timeLabel);
  });
}
