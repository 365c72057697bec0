import { describe, expect, it } from 'vitest';
import en from './en';
import es from './es';
import fr from './fr';
import esMX from './es-MX';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

// A value may carry a format (`{{name, elide(de)}}`): its name is what must match.
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

const source = flatten(en as unknown as Tree);
// Words that are the same in the other language (brand-like or international terms).
const SAME_OK = new Set([
  // "Video" is the word in English and in neutral Spanish (not Spain's "vídeo"): docs/decisions/0042.
  'gallery.kinds.video', 'library.kinds.video', 'upload.kinds.video', 'player.video.label', 'ondemand.vod.title', 'ondemand.cmiVideo.video', 'shop.product.videos', 'shop.manage.videos',
  'donations.sales.productOption', 'tickets.consult.booking.when', 'tickets.consult.settings.open', 'tickets.consult.settings.title', 'tickets.consult.settings.minutes', 'nav.blog', 'nav.demo', 'nav.menu', 'pages.blog', 'language.names.en', 'language.names.es', 'language.names.fr', 'forms.message', 'footer.contact', 'footer.legal', 'pages.solutions', 'pages.services', 'footer.questions', 'faq.count_one', 'faq.count_other', 'forms.topics.partnership', 'dashboard.profile.groups', 'dashboard.menu.open', 'dashboard.security.sessionsTitle', 'live.tabs.chat', 'chat.title', 'chat.views.messages', 'chat.message.question', 'chat.composer.label', 'chat.private.someone', 'live.tabs.participants', 'live.roles.participant', 'events.duration_one', 'events.duration_other', 'events.calendar.messages.date', 'events.calendar.messages.agenda', 'dashboard.myEvents.minutes', 'schedule.images.banner', 'upload.units.kb', 'upload.units.mb', 'upload.units.gb', 'player.audio.label', 'library.card.pixels', 'ondemand.aod.title', 'ondemand.paging.label', 'ondemand.eventVod.question', 'payments.orders.date', 'payments.orders.total', 'payments.profile.table.actions', 'payments.profile.table.date', 'cart.total', 'shop.manage.avatar', 'shop.manage.description', 'shop.manage.stock', 'shop.manage.images', 'shop.product.imageAlt', 'forms.counter.visible', 'captions.speaking', 'language.labelled', 'language.labelValue', 'registration.form.counter', 'registration.editor.question', 'analytics.duration.hours', 'analytics.duration.minutes', 'analytics.duration.seconds', 'webhooks.endpoint.secretHidden']);

describe.each([
  ['es', es],
  ['fr', fr],
])('%s translation', (_lang, translation) => {
  const target = flatten(translation as unknown as Tree);

  it('has exactly the English keys', () => {
    expect([...target.keys()].sort()).toEqual([...source.keys()].sort());
  });

  it('keeps every {{interpolation}} name of each string', () => {
    for (const [key, text] of source) expect(variables(target.get(key) ?? ''), key).toEqual(variables(text));
  });

  it('translates every string (no empty or English leftovers)', () => {
    for (const [key, text] of source) {
      const translated = target.get(key) ?? '';
      expect(translated.trim(), key).not.toBe('');
      if (!SAME_OK.has(key) && text.length > 3) expect(translated, key).not.toBe(text);
    }
  });
});

/** Words of Spain's Spanish the neutral es strings must not use (Mexico and Spain alike understand the others). */
const SPAIN_ONLY = /\bvídeos?\b|\bvosotros\b|\bvuestr[oa]s?\b|\b(?:veis|tenéis|podéis|queréis|sois|estáis|habéis)\b|\bordenador(?:es)?\b|\ben directo\b/i;
/** Words and key names that es-MX replaces. */
const NOT_MEXICAN = /\b(?:Intro|Mayús|móvil(?:es)?|pulsa(?:r|rlo)?|entradas?)\b/;

describe('Spanish variants', () => {
  it('neutral es uses no Spain-only forms', () => {
    for (const [key, text] of flatten(es as unknown as Tree)) expect(text, key).not.toMatch(SPAIN_ONLY);
  });

  it('es-MX overrides only keys es has, and with Mexican words', () => {
    const esKeys = flatten(es as unknown as Tree);
    const overlay = flatten(esMX as unknown as Tree);
    for (const [key, text] of overlay) {
      expect(esKeys.has(key), key).toBe(true);
      expect(variables(text), key).toEqual(variables(esKeys.get(key)!));
      expect(text, key).not.toMatch(SPAIN_ONLY);
      expect(text, key).not.toMatch(NOT_MEXICAN);
    }
  });

  it('es-MX overrides every es string with a word Mexico says otherwise', () => {
    const overlay = flatten(esMX as unknown as Tree);
    // "Vía de entrada" is a broadcast's way in, not a ticket.
    const missing = [...flatten(es as unknown as Tree)].filter(([key, text]) => NOT_MEXICAN.test(text) && !overlay.has(key) && key !== 'broadcast.path.label');
    expect(missing.map(([key]) => key)).toEqual([]);
  });
});
