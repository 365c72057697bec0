import { z } from 'zod';

/** Languages the platform ships UI strings for. A tenant may enable any subset. */
export const PLATFORM_LANGUAGES = ['en', 'es', 'fr'] as const;
export const languageSchema = z.enum(PLATFORM_LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

/** Text given either once for every language or per language code. */
export const localizedTextSchema = z.union([z.string().min(1), z.partialRecord(languageSchema, z.string().min(1))]);
export type LocalizedText = z.infer<typeof localizedTextSchema>;
