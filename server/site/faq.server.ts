/** Longest search query taken from ?q=; the rest is ignored. */
export const MAX_QUERY_LENGTH = 100;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the few HTML entities a tag-stripped answer still carries (&amp; &#39; …). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1].toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** Lower case, accents removed, runs of white space made one space: "Écran  Partagé" → "ecran partage", "cœur" → "coeur". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The ?q= value as typed (trimmed, bounded), for the search box and the "no match" message. */
export function readQuery(value: string | null): string {
  return (value ?? '').trim().slice(0, MAX_QUERY_LENGTH);
}

/**
 * Entries whose question or answer contains every word of the query, ignoring case and
 * accents ("creer enregistrement" finds "Créer un enregistrement"). An empty query keeps all.
 */
export function filterFaq<E extends { question: string; answerText: string }>(entries: readonly E[], query: string): E[] {
  const terms = normalizeForSearch(query).split(' ').filter(Boolean);
  if (!terms.length) return [...entries];
  return entries.filter((entry) => {
    const haystack = normalizeForSearch(`${entry.question} ${decodeEntities(entry.answerText)}`);
    return terms.every((term) => haystack.includes(term));
  });
}

/**
 * French puts a space before ? ! : ; and inside « »; tenant text often types an ordinary one,
 * which lets the mark wrap onto a line of its own. Makes those spaces non-breaking.
 */
export function frenchSpacing(text: string): string {
  return text.replace(/ ([?!:;»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
}
