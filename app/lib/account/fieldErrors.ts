import { keyFromData, type KeyIn } from '#app/lib/i18n/keys';

/** The longest name the account forms take (display, given, family and guest names); account.errors.tooLong states it. */
export const NAME_MAX = 80;

/** Field error codes the account forms' zod schemas write as issue messages (as keys). */
const CODES = ['required', 'tooLong', 'email', 'code', 'language', 'timeZone', 'terms'] as const;

/** The issue message of an account form field: a key of account.errors, checked here. */
export const accountFieldError = (code: (typeof CODES)[number]) => `account.errors.${code}` as const;

const KEYS = CODES.map(accountFieldError);

/** Field name → translation key of its error. */
export type AccountFieldErrors = Record<string, KeyIn<'account.errors'>>;

/** The key a zod issue of an account form carries, else the general "check your input". */
export function accountIssueKey(message: string): KeyIn<'account.errors'> {
  return keyFromData(KEYS, message) ?? 'account.errors.invalidInput';
}
