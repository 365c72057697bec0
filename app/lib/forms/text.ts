/**
 * How typed text is kept and measured, the same in the browser and on the server: a chat message,
 * a donation message and every field with a length limit are cleaned and counted by these.
 */

/** C0/C1 control characters except tab and newline, and the bidirectional overrides used to disguise text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** The text a message keeps: newlines normalised, control characters removed, trimmed. */
export function cleanText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
}

/** Characters as people count them (an emoji is one), which is what every length limit measures. */
export const charCount = (text: string) => [...text].length;
