/**
 * What the server says when it refuses a request before any route runs (bad Host, request line,
 * body too large, a body that is not a form), in the language of the request.
 */
import type { Registry } from '../config/registry.server';
import { resolveTenant } from '../config/registry.server';
import { negotiateLanguage, parseAcceptLanguage } from '../locale.server';

export type HttpLanguage = 'en' | 'es' | 'fr';

interface HttpMessages {
  badHost: string;
  badRequestLine: string;
  tooLarge: (kilobytes: number) => string;
  notAForm: string;
  unreadableForm: string;
}

const MESSAGES: Record<HttpLanguage, HttpMessages> = {
  en: {
    badHost: 'Bad request: the Host header is not a valid host name and port.',
    badRequestLine: 'Bad request: the request line must name a path on this site (starting with "/").',
    tooLarge: (kb) => `The request is too large: this address accepts at most ${kb} KB.`,
    notAForm: 'This page accepts form submissions only (application/x-www-form-urlencoded or multipart/form-data).',
    unreadableForm: 'The form data could not be read. Please submit the form again.',
  },
  es: {
    badHost: 'Solicitud incorrecta: la cabecera Host no es un nombre de host y puerto válidos.',
    badRequestLine: 'Solicitud incorrecta: la línea de solicitud debe indicar una ruta de este sitio (que empiece por "/").',
    tooLarge: (kb) => `La solicitud es demasiado grande: esta dirección acepta como máximo ${kb} KB.`,
    notAForm: 'Esta página solo acepta envíos de formularios (application/x-www-form-urlencoded o multipart/form-data).',
    unreadableForm: 'No se pudieron leer los datos del formulario. Vuelve a enviarlo.',
  },
  fr: {
    badHost: 'Requête incorrecte : l’en-tête Host n’est pas un nom d’hôte et un port valides.',
    badRequestLine: 'Requête incorrecte : la ligne de requête doit indiquer un chemin de ce site (commençant par « / »).',
    tooLarge: (kb) => `La requête est trop volumineuse : cette adresse accepte au plus ${kb} Ko.`,
    notAForm: 'Cette page n’accepte que des envois de formulaire (application/x-www-form-urlencoded ou multipart/form-data).',
    unreadableForm: 'Les données du formulaire n’ont pas pu être lues. Veuillez renvoyer le formulaire.',
  },
};

export function httpMessages(language: string): HttpMessages {
  return MESSAGES[(language in MESSAGES ? language : 'en') as HttpLanguage];
}

/**
 * The language to refuse a request in: the tenant's negotiated language when the Host names a
 * tenant, else the first of Accept-Language we speak, else English.
 */
export function refusalLanguage(registry: Registry, rootDomain: string, headers: { host?: string; cookie?: string; 'accept-language'?: string }): HttpLanguage {
  const tenant = resolveTenant(registry, headers.host, rootDomain);
  if (tenant) return negotiateLanguage(tenant, headers.cookie, headers['accept-language']);
  for (const tag of parseAcceptLanguage(headers['accept-language'])) {
    const base = tag.split('-')[0]!;
    if (base in MESSAGES) return base as HttpLanguage;
  }
  return 'en';
}

/** Every language has every message (checked by the unit tests). */
export const HTTP_MESSAGE_LANGUAGES = Object.keys(MESSAGES) as HttpLanguage[];
