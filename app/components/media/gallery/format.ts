/** Formatting shared by the download and viewing screens. */

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A file size in the reader's language: "840 kB", "2.4 MB" (decimal units, as file managers show them). */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0 }).format(value);
}

/** A date in the reader's language, in UTC so the server and the browser render the same text. */
export function formatDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}

/** "JPEG", "PDF", "MP4": the subtype of a MIME type, short and upper-case. */
export function formatType(contentType: string): string {
  const sub = contentType.split('/')[1] ?? contentType;
  const short: Record<string, string> = { 'vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX', quicktime: 'MOV', 'x-matroska': 'MKV', mpeg: 'MP3', 'x-wav': 'WAV' };
  return (short[sub] ?? sub.replace(/^x-/, '')).toUpperCase();
}
