import { describe, expect, it } from 'vitest';
import { NNBSP, frenchTypography, frenchTypographyHtml, typesetTree } from './frenchTypography';

const n = NNBSP;

describe('frenchTypography', () => {
  it('puts a narrow no-break space before ; : ! ? whatever space was there', () => {
    expect(frenchTypography('Titre : Bonjour')).toBe(`Titre${n}: Bonjour`);
    expect(frenchTypography('Vraiment?')).toBe(`Vraiment${n}?`);
    expect(frenchTypography('Attention !')).toBe(`Attention${n}!`);
    expect(frenchTypography('un\u00a0; deux')).toBe(`un${n}; deux`);
    expect(frenchTypography('Quoi ?!')).toBe(`Quoi${n}?!`);
  });

  it('spaces the inside of guillemets', () => {
    expect(frenchTypography('Votre place pour «Jazz» est prête.')).toBe(`Votre place pour «${n}Jazz${n}» est prête.`);
    expect(frenchTypography('« {{title}} » commence')).toBe(`«${n}{{title}}${n}» commence`);
  });

  it('treats a placeholder like a word and leaves its inside alone', () => {
    expect(frenchTypography('Lire à partir de {{time}} : {{title}}')).toBe(`Lire à partir de {{time}}${n}: {{title}}`);
    expect(frenchTypography('{{count}}?')).toBe(`{{count}}${n}?`);
    expect(frenchTypography('{{hours}}:{{minutes}}')).toBe('{{hours}}:{{minutes}}');
    expect(frenchTypography('Auteur {{name, elide(de)}} !')).toBe(`Auteur {{name, elide(de)}}${n}!`);
  });

  it('leaves URLs, e-mail addresses, times, tags, attributes and entities untouched', () => {
    expect(frenchTypography('Voir https://exemple.fr/a?b=1 : ici')).toBe(`Voir https://exemple.fr/a?b=1${n}: ici`);
    expect(frenchTypography('Écrivez à mailto:aide@exemple.fr ou www.exemple.fr/?q')).toBe('Écrivez à mailto:aide@exemple.fr ou www.exemple.fr/?q');
    expect(frenchTypography('Début à 10:30 et 18:00.')).toBe('Début à 10:30 et 18:00.');
    expect(frenchTypography('<a href="/x?y=1" title="a: b">Lien</a> ?')).toBe(`<a href="/x?y=1" title="a: b">Lien</a>${n}?`);
    expect(frenchTypography('Prix &amp; taxes')).toBe('Prix &amp; taxes');
    expect(frenchTypography('$t(common.x) : suite')).toBe(`$t(common.x)${n}: suite`);
  });

  it('is idempotent', () => {
    for (const text of ['Titre : Bonjour ?', '« Jazz » !', 'Lire {{a}} : {{b}} ?', `Déjà${n}: fait`]) {
      const once = frenchTypography(text);
      expect(frenchTypography(once)).toBe(once);
    }
  });

  it('typesets every string of a tree', () => {
    expect(typesetTree({ a: 'Oui ?', b: { c: 'Non !' } })).toEqual({ a: `Oui${n}?`, b: { c: `Non${n}!` } });
  });

  it('typesets the text of HTML but not tags, attributes or code', () => {
    const html = '<p>Une question ? <a href="https://x.fr/?a=1">lien</a> : voilà</p><pre><code>a ? b : c</code></pre><p>«Fin»</p>';
    expect(frenchTypographyHtml(html)).toBe(`<p>Une question${n}? <a href="https://x.fr/?a=1">lien</a>${n}: voilà</p><pre><code>a ? b : c</code></pre><p>«${n}Fin${n}»</p>`);
  });
});
