import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tenantSchema, type Tenant } from '#app/lib/config/tenant';
import { NNBSP } from '#app/lib/i18n/frenchTypography';
import { ContentStore } from './content.server';

const tenant = (id: string): Tenant => tenantSchema.parse(JSON.parse(readFileSync(`tenants/${id}/tenant.json`, 'utf8')));

describe('French content gets French typography (docs/decisions/0042)', () => {
  const store = new ContentStore(process.cwd(), 'events.localhost', false);

  it('typesets the questions and answers of a French FAQ, not its links', () => {
    const faq = store.faq(tenant('lumiere'), 'fr')!;
    expect(faq.entries[0]!.question).toBe(`Faut-il installer une application${NNBSP}?`);
    const html = faq.entries.map((e) => e.answerHtml).join('\n');
    expect(html).not.toMatch(/[^\s\u202f] ?[?!;](\s|<|$)/);
    for (const href of html.match(/href="[^"]*"/g) ?? []) expect(href).not.toContain(NNBSP);
  });

  it('typesets French front-matter and leaves other languages alone', () => {
    const fr = store.page(tenant('lumiere'), 'fr', 'questions')!;
    expect(`${fr.title} ${fr.description}`).not.toMatch(/[^\s\u202f] [?!:;]/);
    const en = store.page(tenant('lumiere'), 'en', 'questions')!;
    expect(en.html).not.toContain(NNBSP);
  });
});

describe('content tables', () => {
  const store = new ContentStore(process.cwd(), 'events.localhost', false);

  it('leave out an empty header row and keep a real one', () => {
    for (const [id, lang] of [['aurora', 'en'], ['lumiere', 'fr'], ['solana', 'es']] as const) {
      const html = store.page(tenant(id), lang, 'company')!.html;
      expect(html).toContain('<table>');
      expect(html).not.toMatch(/<th[^>]*>\s*<\/th>/);
    }
    expect(store.page(tenant('aurora'), 'en', 'privacy')!.html).toMatch(/<thead>\s*<tr>\s*<th[^>]*>\s*\S/);
  });
});
