import { z } from 'zod';
import { keyFromData, type KeyIn } from '#app/lib/i18n/keys';

/**
 * The public information forms (/requestInfo, /contactUs): their fields, zod schemas and the
 * helpers that turn posted form data into stored fields or per-field error keys. Shared by the
 * route actions (validation) and the form components (field names, topics); no server imports.
 */

export type FormKind = 'requestInfo' | 'contactUs';

export const TOPICS = ['demo', 'pricing', 'partnership', 'other'] as const;
export type Topic = (typeof TOPICS)[number];

/** Field a person never sees; anything typed into it marks the post as automated. */
export const HONEYPOT_FIELD = 'website';

export const FORM_FIELDS = {
  requestInfo: ['name', 'email', 'company', 'phone', 'topic', 'attendees', 'message'],
  contactUs: ['name', 'email', 'subject', 'message'],
} as const satisfies Record<FormKind, readonly string[]>;

export type FieldName<K extends FormKind> = (typeof FORM_FIELDS)[K][number];
export type FormValues = Record<string, string>;
/** Field name → translation key of its error (forms.errors.*). */
export type FieldErrors = Record<string, KeyIn<'forms.errors'>>;

/** Longest value kept from a posted field; anything longer is cut before validation and redisplay. */
export const MAX_RAW_LENGTH = 10_000;
export const LIMITS = { name: 100, email: 254, company: 120, subject: 150, messageMin: 10, messageMax: 5000, attendeesMax: 1_000_000 };

const ERROR_CODES = ['nameRequired', 'emailRequired', 'nameTooLong', 'emailInvalid', 'phoneInvalid', 'companyTooLong', 'subjectRequired', 'subjectTooLong', 'messageTooShort', 'messageTooLong', 'topicInvalid', 'attendeesInvalid'] as const;
/** The key a schema puts in its issue message; validateForm reads it back with keyFromData. */
const err = (code: (typeof ERROR_CODES)[number]) => `forms.errors.${code}` as const;
const FORM_ERRORS = ERROR_CODES.map(err);

/** Digits, spaces, dashes, dots and brackets, an optional leading +, and 6 to 15 digits in all. */
export function isValidPhone(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

/**
 * A whole number of attendees, optionally written with thousands separators in groups of three
 * ("1,000", "1.000", "1 000"); "1,5" is refused rather than guessed. Null when not a number.
 */
export function parseAttendees(value: string): number | null {
  const compact = value.trim();
  if (!/^\d+$/.test(compact) && !/^\d{1,3}([ ,.'\u00a0\u202f]\d{3})+$/.test(compact)) return null;
  const n = Number(compact.replace(/\D/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}

const name = z.string().trim().min(1, err('nameRequired')).max(LIMITS.name, err('nameTooLong'));
const email = z
  .string()
  .trim()
  .min(1, err('emailRequired'))
  .max(LIMITS.email, err('emailInvalid'))
  .pipe(z.email({ error: err('emailInvalid') }));
const message = z.string().trim().min(LIMITS.messageMin, err('messageTooShort')).max(LIMITS.messageMax, err('messageTooLong'));

export const requestInfoSchema = z.object({
  name,
  email,
  company: z.string().trim().max(LIMITS.company, err('companyTooLong')),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidPhone(v), err('phoneInvalid')),
  topic: z.enum(TOPICS, { error: err('topicInvalid') }),
  attendees: z
    .string()
    .trim()
    .refine((v) => {
      if (v === '') return true;
      const n = parseAttendees(v);
      return n !== null && n >= 1 && n <= LIMITS.attendeesMax;
    }, err('attendeesInvalid'))
    .transform((v) => (v === '' ? '' : String(parseAttendees(v)))),
  message,
});

export const contactUsSchema = z.object({
  name,
  email,
  subject: z.string().trim().min(1, err('subjectRequired')).max(LIMITS.subject, err('subjectTooLong')),
  message,
});

export const FORM_SCHEMAS = { requestInfo: requestInfoSchema, contactUs: contactUsSchema } as const;

/**
 * The posted values of a form's own fields, as strings (a missing or file field is ""), and
 * whether the honeypot was filled. Unknown fields are dropped.
 */
export function readFormValues(kind: FormKind, form: FormData | null): { values: FormValues; honeypot: boolean } {
  const text = (key: string) => {
    const v = form?.get(key);
    return typeof v === 'string' ? v.slice(0, MAX_RAW_LENGTH) : '';
  };
  const values: FormValues = {};
  for (const field of FORM_FIELDS[kind]) values[field] = text(field);
  return { values, honeypot: text(HONEYPOT_FIELD).trim() !== '' };
}

export type ValidationResult = { ok: true; fields: Record<string, string> } | { ok: false; fieldErrors: FieldErrors };

/**
 * Validates raw values. On success: the cleaned fields to store (trimmed, empty optional fields
 * left out, attendees as a plain integer). On failure: the first error key of each field.
 */
export function validateForm(kind: FormKind, values: FormValues): ValidationResult {
  const result = FORM_SCHEMAS[kind].safeParse(values);
  if (!result.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !fieldErrors[field]) fieldErrors[field] = keyFromData(FORM_ERRORS, issue.message) ?? 'forms.errors.invalid';
    }
    return { ok: false, fieldErrors };
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(result.data)) if (value !== '') fields[key] = String(value);
  return { ok: true, fields };
}

/** ?topic= of a link to /requestInfo, when it names a known topic. */
export function topicFromQuery(value: string | null): Topic | '' {
  return (TOPICS as readonly string[]).includes(value ?? '') ? (value as Topic) : '';
}

/** ?subject= of a link to /contactUs, trimmed to the field's length. */
export function subjectFromQuery(value: string | null): string {
  return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, LIMITS.subject);
}
