/**
 * The register a site speaks in: how it addresses the person reading, where the language tells
 * (Spanish tú or usted, French tu or vous). A tenant sets one (`languages.register`); each
 * catalogue is written in one, and `tenants:check` refuses a tenant whose register its languages'
 * strings do not speak (docs/decisions/0065). The markers below find slips into the other register
 * (tests/unit/register.test.ts runs them over every string a tenant shows in those languages).
 */
import type { Language } from '#app/lib/config/localized';

export const REGISTERS = ['informal', 'formal'] as const;
export type Register = (typeof REGISTERS)[number];

/** The register each catalogue of app/locales is written in (English has none to choose). */
export const CATALOGUE_REGISTERS: Partial<Record<Language, Register>> = { es: 'informal', fr: 'formal' };

// Letters of these languages, for word edges (\b only knows ASCII).
const L = 'A-Za-zÀ-ÖØ-öø-ÿ';
const word = (w: string, flags = 'iu') => new RegExp(`(?<![${L}])(?:${w})(?![${L}])`, flags);

/**
 * What gives the register away, by language and by the register it belongs to. Only forms that
 * address the reader: "su cuenta" may be someone else's, "¿… su perfil?" and "Elija" are not.
 */
const MARKERS: Partial<Record<Language, Record<Register, RegExp[]>>> = {
  es: {
    formal: [
      word('usted'),
      // Imperatives of usted opening a sentence or a string ("Elija…", "Haga clic…").
      new RegExp(`(?:^|[.:;!?¡¿]\\s*)(?:Elija|Escriba|Introduzca|Ingrese|Seleccione|Pulse|Haga clic|Intente|Vuelva|Revise|Compruebe|Confirme|Espere|Inicie|Añada|Agregue|Utilice|Guarde|Cambie|Pida|Indique)(?![${L}])`, 'u'),
      word('escríbanos|cuéntenos|díganos|contáctenos|llámenos|permítanos|indíquenos'),
      // A question to the reader about "su …", and a label that starts with "Su"/"Sus".
      new RegExp(`¿[^?]*(?<![${L}])sus?(?![${L}])[^?]*\\?`, 'iu'),
      /^Sus? /u,
      word('¿?(?:quiere|desea) usted|¿(?:quiere|desea)'),
      word('le (?:verán|llevamos|responderá|avisaremos|enviaremos)'),
    ],
    informal: [
      word('tú|tu|tus|te|ti|contigo'),
      word('puedes|quieres|tienes|eres|estás|necesitas'),
    ],
  },
  fr: {
    formal: [word('vous|votre|vos')],
    informal: [word('tu|toi|ton|ta|tes|te'), new RegExp(`(?<![${L}])t[’'][${L}]`, 'iu')],
  },
};

/** The parts of a text that belong to the other register than `register` ([] when none). */
export function registerSlips(text: string, language: Language, register: Register): string[] {
  const other = register === 'informal' ? 'formal' : 'informal';
  const markers = MARKERS[language]?.[other] ?? [];
  return markers.flatMap((re) => {
    const found = text.match(re);
    return found ? [found[0].trim()] : [];
  });
}

/** Whether the language tells one register from the other. */
export const hasRegisters = (language: Language) => language in CATALOGUE_REGISTERS;
