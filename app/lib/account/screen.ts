import type { PhoneSettings } from './phone';

/** What the loader of every public account screen sends (server/identity/screens/accountScreen.server.ts). */
export interface AccountScreenData {
  title: string;
  redirectTo: string;
  /** Query-string inputs a screen reads (email, phone, username, notice…), already trimmed. */
  query: Record<string, string>;
  phone: PhoneSettings | null;
}
