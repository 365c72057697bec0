/** The test provider's hosted pages: checkout, the extra authentication step and payout onboarding. */
import type { Account, AccountLink, Session } from './store';
import { TEST_CARDS } from './store';
import { languageOf, messagesFor } from './messages';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function formatAmount(amount: number, currency: string, lang: string) {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount / 10 ** digits);
}

function layout(lang: string, title: string, body: string) {
  const m = messagesFor(languageOf(lang));
  return `<!doctype html><html lang="${escape(languageOf(lang))}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f7;color:#1a1a1a}
.banner{background:#b45309;color:#fff;padding:12px 16px;text-align:center;font-weight:700}
.banner small{display:block;font-weight:400}
main{max-width:440px;margin:24px auto;background:#fff;padding:24px;border-radius:8px;box-shadow:0 1px 3px #0002}
label{display:block;margin-top:12px;font-weight:600}
input,select{width:100%;box-sizing:border-box;padding:10px;font-size:16px;margin-top:4px;border:1px solid #888;border-radius:4px}
button{margin-top:16px;width:100%;padding:12px;font-size:16px;border:0;border-radius:4px;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:#555}
.error{color:#b91c1c;font-weight:600}
table{width:100%;border-collapse:collapse}td{padding:4px 0}td.r{text-align:right}
code{background:#eee;padding:1px 4px}
</style></head><body><div class="banner" role="banner" data-testid="testpay-banner">${escape(m.banner)}<small>${escape(m.bannerDetail)}</small></div>
<main>${body}</main></body></html>`;
}

export function checkoutPage(session: Session, error?: string): string {
  const m = messagesFor(languageOf(session.lang));
  const total = formatAmount(session.amountTotal, session.currency, session.lang);
  const rows = session.lineItems
    .map((l) => `<tr><td>${escape(l.title)} × ${l.quantity}</td><td class="r">${escape(formatAmount(l.unitAmount * l.quantity, session.currency, session.lang))}</td></tr>`)
    .join('');
  const group = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');
  return layout(
    session.lang,
    `${m.pay} ${total}`,
    `<h1>${escape(m.pay)} ${escape(total)}</h1>
<table>${rows}<tr><td><strong>${escape(m.total)}</strong></td><td class="r"><strong data-testid="testpay-total">${escape(total)}</strong></td></tr></table>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/pay/${escape(session.id)}">
<label for="card">${escape(m.cardNumber)}</label><input id="card" name="card" inputmode="numeric" autocomplete="off" required>
<label for="expiry">${escape(m.expiry)}</label><input id="expiry" name="expiry" value="12/34" required>
<label for="cvc">${escape(m.cvc)}</label><input id="cvc" name="cvc" value="123" required>
<button type="submit">${escape(m.pay)} ${escape(total)}</button></form>
<form method="post" action="/pay/${escape(session.id)}/cancel"><button type="submit" class="secondary">${escape(m.cancel)}</button></form>
<h2>${escape(m.testCards)}</h2><ul>
<li><code>${group(TEST_CARDS.success)}</code> ${escape(m.cardSuccess)}</li>
<li><code>${group(TEST_CARDS.decline)}</code> ${escape(m.cardDecline)}</li>
<li><code>${group(TEST_CARDS.authenticate)}</code> ${escape(m.card3ds)}</li></ul>`,
  );
}

export function declinedPage(session: Session): string {
  const m = messagesFor(languageOf(session.lang));
  return layout(session.lang, m.declined, `<p class="error" role="alert">${escape(m.declined)}</p><p><a href="${escape(session.cancelUrl)}">${escape(m.backToShop)}</a></p>`);
}

export function closedPage(session: Session): string {
  const m = messagesFor(languageOf(session.lang));
  const back = session.paymentStatus === 'paid' ? session.successUrl : session.cancelUrl;
  return layout(session.lang, m.closed, `<p>${escape(m.closed)}</p><p><a href="${escape(back)}">${escape(m.backToShop)}</a></p>`);
}

export function authenticatePage(session: Session): string {
  const m = messagesFor(languageOf(session.lang));
  const action = `/pay/${escape(session.id)}/authenticate`;
  return layout(
    session.lang,
    m.authTitle,
    `<h1>${escape(m.authTitle)}</h1><p>${escape(m.authText)}</p><p>${escape(formatAmount(session.amountTotal, session.currency, session.lang))}</p>
<form method="post" action="${action}"><input type="hidden" name="result" value="approve"><button type="submit">${escape(m.approve)}</button></form>
<form method="post" action="${action}"><input type="hidden" name="result" value="fail"><button type="submit" class="secondary">${escape(m.fail)}</button></form>`,
  );
}

const COUNTRIES = ['US', 'MX', 'CA', 'ES', 'FR', 'DE', 'GB'];

export function onboardingPage(link: AccountLink, account: Account, error?: string): string {
  const m = messagesFor(languageOf(link.lang));
  const options = COUNTRIES.map((c) => `<option value="${c}"${account.country === c ? ' selected' : ''}>${c}</option>`).join('');
  return layout(
    link.lang,
    m.onboardTitle,
    `<h1>${escape(m.onboardTitle)}</h1><p>${escape(m.onboardText)}</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/onboard/${escape(link.id)}">
<label for="businessName">${escape(m.businessName)}</label><input id="businessName" name="businessName" value="${escape(account.businessName ?? '')}" required maxlength="100">
<label for="country">${escape(m.country)}</label><select id="country" name="country">${options}</select>
<button type="submit">${escape(m.submit)}</button></form>`,
  );
}

export function notFoundPage(lang = 'en'): string {
  const m = messagesFor(languageOf(lang));
  return layout(lang, m.notFound, `<p>${escape(m.notFound)}</p>`);
}
