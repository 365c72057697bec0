import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '#server/config/registry.server';
import { catalogue } from '#server/i18n.server';
import { CATALOGUE_REGISTERS, registerSlips } from '#app/lib/i18n/register';
import type { Language } from '#app/lib/config/tenant';

// One register per site (docs/decisions/0065): every string a tenant shows in a language that
// tells tú from usted or tu from vous speaks the tenant's register, or the catalogue's.
const ROOT = process.cwd();

function strings(tree: unknown, path = ''): Array<[string, string]> {
  if (typeof tree === 'string') return [[path, tree]];
  return Object.entries(tree as object).flatMap(([key, value]) => strings(value, path ? `${path}.${key}` : key));
}

function markdownLines(dir: string): Array<[string, string]> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownLines(path);
    if (!name.endsWith('.md')) return [];
    return readFileSync(path, 'utf8')
      .split('\n')
      .map((line, i): [string, string] => [`${path.slice(ROOT.length + 1)}:${i + 1}`, line]);
  });
}

/** Every text of the tenant's JSON in a language: { "es": "…" } values anywhere in it. */
function configTexts(tree: unknown, language: string, path = 'tenant.json'): Array<[string, string]> {
  if (!tree || typeof tree !== 'object') return [];
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    key === language && typeof value === 'string' ? [[`${path}.${key}`, value] as [string, string]] : configTexts(value, language, `${path}.${key}`),
  );
}

const { registry } = loadRegistry(ROOT);

describe('one register per tenant', () => {
  for (const tenant of registry.tenants.values()) {
    for (const language of tenant.languages.supported.filter((l): l is Language => l in CATALOGUE_REGISTERS)) {
      it(`${tenant.id} speaks ${language} in one register`, () => {
        const register = tenant.languages.register ?? CATALOGUE_REGISTERS[language]!;
        const tag = tenant.languages.variants?.[language] ?? language;
        const texts = [
          ...strings(catalogue(tag)),
          ...markdownLines(join(ROOT, 'tenants', tenant.id, 'content', language)),
          ...markdownLines(join(ROOT, 'templates', language)),
          ...configTexts(JSON.parse(readFileSync(join(ROOT, 'tenants', tenant.id, 'tenant.json'), 'utf8')), language),
        ];
        expect(texts.length).toBeGreaterThan(500);
        const slips = texts.flatMap(([where, text]) => registerSlips(text, language, register).map((slip) => `${where}: ${slip}`));
        expect(slips).toEqual([]);
      });
    }
  }
});

describe('registerSlips', () => {
  it('finds usted in a tú text and tú in an usted text, not a third person', () => {
    expect(registerSlips('Tu panel. ¿Listo para su próximo evento?', 'es', 'informal')).toEqual(['¿Listo para su próximo evento?']);
    expect(registerSlips('Elija cómo le verán los demás.', 'es', 'informal')).toEqual(['Elija', 'le verán']);
    expect(registerSlips('Cada persona enciende su cámara una vez dentro.', 'es', 'informal')).toEqual([]);
    expect(registerSlips('Solo ustedes dos ven estos mensajes.', 'es', 'informal')).toEqual([]);
    expect(registerSlips('¿Quieres organizar tus eventos?', 'es', 'formal')).toEqual(['tus', 'Quieres']);
  });

  it('finds tu in a French vous text', () => {
    expect(registerSlips('Tu peux t’inscrire ici.', 'fr', 'formal')).toEqual(['Tu', 't’i']);
    expect(registerSlips('Vous pouvez vous inscrire ici.', 'fr', 'formal')).toEqual([]);
  });
});
