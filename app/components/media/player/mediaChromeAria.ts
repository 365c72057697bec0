/**
 * Where media-chrome's controls do not hold up to axe (WCAG 2.5.3 label in name, 4.1.2 name, role,
 * value), corrected in the browser once its elements are defined:
 *  - the speed button shows "1x" and was named "Playback rate 1": its label says "1x" too;
 *  - the time display (a button toggling the remaining time) shows "0:12 / 1:30" and was named
 *    "playback time" only: its name holds what it shows;
 *  - the captions toggle says its state with aria-checked, which a button cannot carry: a switch.
 * The elements rewrite their attributes on each update, so the fix runs after each of their own
 * callbacks (and once on the elements already on the page).
 */
type Translations = Record<string, string>;
type Callbacks = { connectedCallback?: (...args: unknown[]) => void; attributeChangedCallback?: (...args: unknown[]) => void };

const RATE_LABEL = 'Playback rate {playbackRate}';

/** The language's strings with the speed written as it is shown ("1x"). */
export function withShownRate(strings: Translations): Translations {
  const rate = strings[RATE_LABEL] ?? RATE_LABEL;
  return { ...strings, [RATE_LABEL]: rate.includes('{playbackRate}x') ? rate : rate.replace('{playbackRate}', '{playbackRate}x') };
}

function afterEachUpdate(name: string, fix: (el: HTMLElement) => void) {
  const element = customElements.get(name);
  if (!element) return;
  const proto = element.prototype as Callbacks;
  for (const key of ['connectedCallback', 'attributeChangedCallback'] as const) {
    const original = proto[key];
    if (!original) continue;
    proto[key] = function (this: HTMLElement, ...args: unknown[]) {
      original.apply(this, args);
      fix(this);
    };
  }
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
