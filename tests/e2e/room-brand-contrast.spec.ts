/**
 * The room bar in every brand (issue 25): every text on the bar (the event's title, its date line,
 * the live and role badges, Leave) reaches WCAG AA 4.5:1 against what is really behind it, in the
 * light and the dark scheme, at 390 and 1280 px. Measured in the browser from the computed colours,
 * as a person would see them (Lumière's "Quitter la salle" was 1.15:1 and its date line 1.86:1).
 */
import type { Page } from '@playwright/test';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, TENANTS, test } from './fixtures';
import { cutVideoService } from './media-helpers';
import { DESKTOP, keepScreenshot, phone } from './room-phone-helpers';
import { createUser, hydrated, signInContext } from './session-helpers';
import { tenantUrl } from './fixtures';

/** The contrast of each visible text on the room bar with the first opaque background behind it. */
function barContrasts(page: Page): Promise<Array<{ text: string; ratio: number; fg: string; bg: string }>> {
  return page.getByTestId('room-bar').evaluate((bar) => {
    const parse = (c: string): [number, number, number, number] => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) throw new Error(`unexpected colour ${c}`);
      const [r, g, b, a = '1'] = m[1].split(/[ ,/]+/).filter(Boolean);
      return [Number(r), Number(g), Number(b), Number(a)];
    };
    const lin = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const lum = ([r, g, b]: number[]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    const backgroundOf = (el: Element): [number, number, number] => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c[3] >= 0.99) return [c[0], c[1], c[2]];
      }
      return [255, 255, 255];
    };
    const out: Array<{ text: string; ratio: number; fg: string; bg: string }> = [];
    const walker = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el) continue;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width < 1 || rect.height < 1 || style.visibility === 'hidden' || el.closest('[hidden]')) continue;
      // Text hidden for screen readers only is not seen.
      if (rect.width <= 1 && rect.height <= 1) continue;
      const bg = backgroundOf(el);
      const [r, g, b, a] = parse(style.color);
      const fg = [r * a + bg[0] * (1 - a), g * a + bg[1] * (1 - a), b * a + bg[2] * (1 - a)];
      const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      out.push({ text, ratio: (hi + 0.05) / (lo + 0.05), fg: style.color, bg: `rgb(${bg.join(', ')})` });
    }
    return out;
  });
}

for (const tenant of TENANTS) {
  test(`${tenant}: every text on the room bar reaches 4.5:1 in light and dark, at 390 and 1280 px`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const organizer = await createUser(tenant, 'bar-org', 'organizer');
    const event = await seedEvent(tenant, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme, viewport: DESKTOP });
      await signInContext(context, request, organizer);
      const page = await context.newPage();
      // The bar is the subject here; the stage's video stays out.
      await cutVideoService(page);
      await page.goto(tenantUrl(tenant, `/liveEventsContainer?event=${event.eventId}`));
      await hydrated(page);
      await expect(page.getByTestId('room-title')).toHaveText(event.title);
      for (const size of [phone(390), DESKTOP]) {
        await page.setViewportSize(size);
        await expect(page.getByTestId('room-leave')).toBeVisible();
        await keepScreenshot(page, `${tenant}-bar-${colorScheme}-${size.width}`);
        const texts = await barContrasts(page);
        // Title, live badge and Leave at every size; the date line and the role from wider sizes.
        expect(texts.length, `${colorScheme} ${size.width}px: texts on the bar`).toBeGreaterThanOrEqual(3);
        for (const { text, ratio, fg, bg } of texts) {
          expect.soft(ratio, `${tenant} ${colorScheme} ${size.width}px: "${text}" ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
        }
      }
      await context.close();
    }
  });
}
