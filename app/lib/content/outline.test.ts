import { describe, expect, it } from 'vitest';
import { outlineHtml } from './outline';

describe('outlineHtml', () => {
  it('gives every second-level heading an anchor and lists them in order', () => {
    const { html, headings } = outlineHtml('<p>Intro</p><h2>What we believe</h2><p>x</p><h2>Who we <em>work</em> with</h2>');
    expect(headings).toEqual([
      { id: 'section-what-we-believe', text: 'What we believe' },
      { id: 'section-who-we-work-with', text: 'Who we work with' },
    ]);
    expect(html).toBe('<p>Intro</p><h2 id="section-what-we-believe">What we believe</h2><p>x</p><h2 id="section-who-we-work-with">Who we <em>work</em> with</h2>');
  });

  it('keeps accents out of anchors, decodes entities in the list and makes repeated titles unique', () => {
    const { headings } = outlineHtml('<h2>Données &amp; confidentialité</h2><h2>Données &amp; confidentialité</h2><h2>¿Qué?</h2>');
    expect(headings).toEqual([
      { id: 'section-donnees-confidentialite', text: 'Données & confidentialité' },
      { id: 'section-donnees-confidentialite-2', text: 'Données & confidentialité' },
      { id: 'section-que', text: '¿Qué?' },
    ]);
  });

  it('leaves a page without second-level headings as it is', () => {
    expect(outlineHtml('<h3>Small</h3><p>Text</p>')).toEqual({ html: '<h3>Small</h3><p>Text</p>', headings: [] });
  });
});
