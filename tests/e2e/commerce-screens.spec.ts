/**
 * Issue 15's seven screens on every sample tenant, in each language the tenant speaks (aurora:
 * en; solana: es and en; lumiere: fr and en), at 390 px: their real content (headings from the
 * locale files, the seeded channel, product, fee and ledger), money in the tenant's currency and
 * the language's format, no English string of the commerce namespaces left on a Spanish or French
 * render, and nothing wider than the phone. shop-screens.spec.ts keeps the desktop widths and the
 * cart drawer; payments-screens.spec.ts the ledgers' behaviour; this spec adds the languages.
 */
import { formatMoney } from '#app/lib/money/money';
import type { Availability } from '#app/lib/tickets/consultations';
import en from '#app/locales/en';
import { expect, pageReady, tenantUrl, test } from './fixtures';
import { tenantLanguageTag, tenantLocale, tenantStrings } from './language-helpers';
import { signInContext } from './session-helpers';
import { CURRENCY, seedShop } from './shop-helpers';

type Lang = 'en' | 'es' | 'fr';
const COMBOS: Array<{ tenant: string; lang: Lang }> = [
  { tenant: 'aurora', lang: 'en' },
  { tenant: 'solana', lang: 'es' },
  { tenant: 'solana', lang: 'en' },
  { tenant: 'lumiere', lang: 'fr' },
  { tenant: 'lumiere', lang: 'en' },
];
const PHONE = { width: 390, height: 844 };
const NAMESPACES = ['shop', 'payments', 'tickets', 'donations'] as const;

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
const lookup = (tree: Tree, path: string): string | undefined => path.split('.').reduce<string | Tree | undefined>((node, k) => (typeof node === 'object' ? node[k] : undefined), tree) as string | undefined;

/** English strings of the commerce namespaces that a Spanish or French page must not show: whole sentences or phrases (two words or more, no placeholders) that the language translates differently. */
function englishLeftovers(tenant: string, lang: Lang): string[] {
  if (lang === 'en') return [];
  const target = tenantStrings(tenant, lang) as unknown as Tree;
  return NAMESPACES.flatMap((ns) =>
    leaves((en as unknown as Tree)[ns] as Tree, `${ns}.`)
      .filter(([key, text]) => !text.includes('{{') && /\s/.test(text.trim()) && lookup(target, key) !== text)
      .map(([, text]) => text),
  );
}

/** The text of a key in the language (placeholders left out). */
const text = (tenant: string, lang: Lang, key: string) => lookup(tenantStrings(tenant, lang) as unknown as Tree, key)!;

for (const { tenant, lang } of COMBOS) {
  test(`the seven commerce screens on ${tenant} in ${lang} at 390 px`, async ({ page, context, request }) => {
    test.setTimeout(90_000);
    const currency = CURRENCY[tenant]!;
    const money = (amount: number) => formatMoney({ amount, currency }, tenantLocale(tenant, lang));
    const price = tenant === 'solana' ? 34950 : 1250;
    const fee = tenant === 'solana' ? 90000 : 4500;
    const shop = await seedShop(tenant, price, { stock: 3 });
    const availability: Availability = { timeZone: 'UTC', slotMinutes: 60, fee, cancellationHours: 24, rules: '', weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '09:00', to: '12:00' })) };
    await shop.data.consultations.saveAvailability(shop.channelId, { ownerId: shop.organizer.sub, ownerName: 'Olivia', ownerEmail: shop.organizer.username }, availability);
    const orderId = `ord_${Math.random().toString(36).slice(2, 14)}`;
    await shop.data.payouts.addEntry({ entryId: `${orderId}#0`, sellerId: shop.organizer.sub, kind: 'sale', orderId, title: shop.productTitle, amount: { amount: price, currency }, at: new Date().toISOString(), buyerName: 'Ana' });

    await context.addCookies([{ name: 'lng', value: lang, domain: `${tenant}.localhost`, path: '/' }]);
    await page.setViewportSize(PHONE);
    const leftovers = englishLeftovers(tenant, lang);
    const check = async (name: string, heading: string) => {
      await expect(page.locator('html')).toHaveAttribute('lang', tenantLanguageTag(tenant, lang));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      // Signed out, /channelPage comes without the client app (docs/decisions/0069).
      await pageReady(page);
      const body = await page.evaluate(() => document.body.innerText);
      expect(leftovers.filter((s) => body.includes(s)), `English left on ${name}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits 390 px`).toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: `test-results/commerce-screens/${tenant}-${lang}-${name}.png` });
    };

    await page.goto(tenantUrl(tenant, `/customerChannels?q=${encodeURIComponent(shop.channelName)}`));
    await expect(page.getByTestId('channel-card')).toContainText(shop.channelName);
    await check('customerChannels', text(tenant, lang, 'shop.channels.title'));

    await page.goto(tenantUrl(tenant, `/channelPage?channel=${shop.channelId}`));
    await expect(page.getByTestId('product-card').getByTestId('product-price')).toHaveText(money(price));
    await expect(page.getByTestId('channel-consultation')).toBeVisible();
    await check('channelPage', shop.channelName);

    await page.goto(tenantUrl(tenant, `/channelProductDetails?product=${shop.productId}`));
    await expect(page.getByTestId('product-detail-price')).toHaveText(money(price));
    await expect(page.getByTestId('product-image')).toBeVisible();
    await check('channelProductDetails', shop.productTitle);

    await page.goto(tenantUrl(tenant, `/consultationForm?channel=${shop.channelId}`));
    await expect(page.getByTestId('consult-fee')).toContainText(money(fee));
    await expect(page.getByTestId('consult-rules')).toBeVisible();
    await check('consultationForm', text(tenant, lang, 'tickets.consult.title'));

    await signInContext(context, request, shop.organizer);
    await page.goto(tenantUrl(tenant, '/primeProfilePayments'));
    await expect(page.getByTestId('payout-account')).toHaveAttribute('data-status', 'none');
    await expect(page.getByTestId('payments-balance')).toContainText(money(price));
    await expect(page.getByTestId('ledger-table-sale').locator(`[data-testid="ledger-row"][data-order="${orderId}"]`)).toContainText(money(price));
    await check('primeProfilePayments', text(tenant, lang, 'payments.profile.title'));

    await page.goto(tenantUrl(tenant, '/accountLinkReturn'));
    await expect(page.getByTestId('account-link-status')).toHaveText(text(tenant, lang, 'payments.accountLink.none'));
    await check('accountLinkReturn', text(tenant, lang, 'payments.accountLink.returnTitle'));

    await page.goto(tenantUrl(tenant, '/accountLinkRefresh'));
    await expect(page.getByTestId('account-link-problem')).toHaveText(text(tenant, lang, 'payments.accountLink.noAccount'));
    await check('accountLinkRefresh', text(tenant, lang, 'payments.accountLink.refreshTitle'));
  });
}
