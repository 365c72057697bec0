import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, upper case (libphonenumber-js). */
  code: string;
  name: string;
  dial: string;
}

export interface PhoneSettings {
  defaultCountry: string;
  countries: PhoneCountry[];
  /** How many of `countries` are the tenant's preferred ones, listed first. */
  preferredCount: number;
}

const upper = (c: string) => c.toUpperCase();

/**
 * Every country libphonenumber-js knows, named in `language`, the tenant's preferred countries
 * first (in their order), then the rest alphabetically. Built on the server so the names in the
 * page and after hydration are identical.
 */
export function phoneSettings(language: string, phone: { defaultCountry: string; preferredCountries: string[] }): PhoneSettings {
  const known = new Set<string>(getCountries());
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  const entry = (code: string): PhoneCountry => ({ code, name: names?.of(code) ?? code, dial: `+${getCountryCallingCode(code as CountryCode)}` });
  const preferred = [...new Set(phone.preferredCountries.map(upper))].filter((c) => known.has(c));
  const rest = [...known].filter((c) => !preferred.includes(c)).map(entry);
  rest.sort((a, b) => a.name.localeCompare(b.name, language));
  const defaultCountry = known.has(upper(phone.defaultCountry)) ? upper(phone.defaultCountry) : 'US';
  return { defaultCountry, countries: [...preferred.map(entry), ...rest], preferredCount: preferred.length };
}

export type PhoneCheck = { ok: true; e164: string } | { ok: false; error: 'account.errors.phoneRequired' | 'account.errors.phoneInvalid' };

/** E.164 from a country and what the user typed (a national number, or a full +… number). */
export function toE164(country: string, input: string): PhoneCheck {
  const raw = input.trim();
  if (!raw) return { ok: false, error: 'account.errors.phoneRequired' };
  if (/[^\d\s().+-]/.test(raw)) return { ok: false, error: 'account.errors.phoneInvalid' };
  const parsed = parsePhoneNumberFromString(raw, upper(country) as CountryCode);
  if (!parsed || !parsed.isValid()) return { ok: false, error: 'account.errors.phoneInvalid' };
  return { ok: true, e164: parsed.number };
}

/** Splits an E.164 number back into country and national number, for forms kept after an error. */
export function fromE164(e164: string, fallbackCountry: string): { country: string; national: string } {
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  if (!parsed) return { country: fallbackCountry, national: '' };
  return { country: parsed.country ?? fallbackCountry, national: parsed.formatNational() };
}
