/** Small display helpers of the chat: initials, clock times, sizes, language names, file names. */
import type { TFunction } from 'i18next';
import { chatFileName } from '#app/lib/chat/protocol';
import type { ActionProblem } from '#app/lib/chat/state';
import { intlLocale } from '#app/lib/events/time';

/** "Ada Lovelace" → "AL"; one word → its first two letters. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const chars = words.length === 1 ? [...words[0]!].slice(0, 2) : [[...words[0]!][0], [...words[words.length - 1]!][0]];
  return chars.join('').toUpperCase();
}

const clocks = new Map<string, Intl.DateTimeFormat>();
const fulls = new Map<string, Intl.DateTimeFormat>();

/** "3:05 PM" in the viewer's zone, and the full date for a title. */
export function clockTime(iso: string, language: string): { short: string; full: string } {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { short: '', full: '' };
  const locale = intlLocale(language);
  let c = clocks.get(locale);
  if (!c) clocks.set(locale, (c = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' })));
  let f = fulls.get(locale);
  if (!f) fulls.set(locale, (f = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' })));
  return { short: c.format(date), full: f.format(date) };
}

/** 10485760 → "10 MB" in the viewer's language. */
export function fileSize(bytes: number, language: string): string {
  const mb = bytes / (1024 * 1024);
  const locale = intlLocale(language);
  if (mb >= 1) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(mb);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024));
}

/** The name of a language tag in the viewer's language ("es" → "Spanish"), or the tag itself. */
export function languageName(code: string, viewerLanguage: string): string {
  try {
    return new Intl.DisplayNames([intlLocale(viewerLanguage)], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Whether two language tags name the same language ("en" and "en-GB" do). */
export const sameLanguage = (a: string, b: string) => a.split('-')[0]!.toLowerCase() === b.split('-')[0]!.toLowerCase();

/** The file name of a chat file's app URL (its key's last segment). */
export function fileNameOfUrl(url: string): string {
  try {
    const key = new URL(url, 'http://localhost').searchParams.get('key');
    return key ? chatFileName(key) : url;
  } catch {
    return url;
  }
}

/** The sentence for an action the chat refused. */
export function problemText(t: TFunction, problem: ActionProblem): string {
  switch (problem.code) {
    case 'rateLimited':
      return problem.retryAfterSeconds ? t('chat.errors.rateLimited', { count: Math.max(1, Math.ceil(problem.retryAfterSeconds)) }) : t('chat.errors.rateLimitedSoon');
    case 'tooLong':
    case 'empty':
    case 'badFile':
    case 'forbidden':
    case 'recipientInvalid':
    case 'unavailable':
    case 'messageNotFound':
    case 'badFrame':
    case 'connectionLost':
      return t(`chat.errors.${problem.code}`);
    default:
      return t('chat.errors.refused');
  }
}
