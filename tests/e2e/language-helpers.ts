import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '#app/lib/config/tenant';
import { intlLocale, languageTag } from '#app/lib/i18n/variants';
import { catalogue } from '#server/i18n.server';

/** The tag a sample tenant's UI speaks for a language (its regional variant: Solana's es is es-MX). */
export function tenantLanguageTag(tenant: string, language: Language): string {
  const config = JSON.parse(readFileSync(path.join('tenants', tenant, 'tenant.json'), 'utf8')) as { languages: { variants?: Partial<Record<Language, string>> } };
  return languageTag(config.languages, language);
}

/** The Intl locale a tenant's pages format dates, numbers and money in. */
export const tenantLocale = (tenant: string, language: Language) => intlLocale(tenantLanguageTag(tenant, language));

/** The strings a tenant's pages show in a language, as rendered (variant overlay, French typography). */
export const tenantStrings = (tenant: string, language: Language) => catalogue(tenantLanguageTag(tenant, language));
