/**
 * How the suite tells that a refusal or /api/health names the service that is down
 * (docs/decisions/0051): per service, the words a user-facing message uses for it in each language,
 * and the names /api/health may give it. A 503 whose message has none of the words is "unclear".
 */
import type { Fault } from './stack';

type Words = Record<'en' | 'fr' | 'es', RegExp>;

export const MESSAGE_WORDS: Record<Exclude<Fault, 'app2'>, Words> = {
  dynamodb: { en: /database|data store|\bdata\b/i, fr: /base de données|données/i, es: /base de datos|datos/i },
  identity: { en: /sign[- ]?in|identity|account/i, fr: /connexion|identit|compte/i, es: /inicio de sesión|iniciar sesión|identidad|cuenta/i },
  storage: { en: /storage|file/i, fr: /stockage|fichier/i, es: /almacenamiento|archivo/i },
  redis: { en: /chat|queue|messag|process/i, fr: /chat|messag|file d.attente|trait/i, es: /chat|mensaj|cola|procesa/i },
  livekit: { en: /video/i, fr: /vidéo/i, es: /vídeo|video/i },
  worker: { en: /process/i, fr: /trait/i, es: /procesa/i },
};

/** The names /api/health may use for the service (a dependency's `name`, or a key of the report). */
export const HEALTH_NAMES: Record<Exclude<Fault, 'app2'>, string[]> = {
  dynamodb: ['dynamodb', 'database'],
  identity: ['identity', 'cognito'],
  storage: ['s3', 'storage'],
  redis: ['redis', 'mediaQueue', 'chat', 'chatBus'],
  livekit: ['video', 'livekit'],
  worker: ['worker', 'workers', 'mediaWorker', 'mediaWorkers'],
};

export function namesService(fault: Fault, language: string, message: string): boolean {
  if (fault === 'app2') return false;
  const words = MESSAGE_WORDS[fault];
  return (words[language as keyof Words] ?? words.en).test(message);
}

const isDown = (value: unknown): boolean => {
  if (!value || typeof value !== 'object') return false;
  const v = value as { up?: unknown; state?: unknown; status?: unknown };
  return v.up === false || v.state === 'down' || v.status === 'down';
};

/** Lists of what is down by name, e.g. `degraded: ['redis (media processing)']`. */
const DOWN_LISTS = new Set(['degraded', 'down', 'unavailable']);

/**
 * Whether a /api/health body reports the service down: a `{ name, up: false }` entry (the
 * dependencies list), a key of that name whose value says down (`video: { state: 'down' }`), or
 * its name in a list of what is down or degraded.
 */
export function healthReportsDown(fault: Fault, body: unknown): boolean {
  if (fault === 'app2') return false;
  const names = new Set(HEALTH_NAMES[fault].map((n) => n.toLowerCase()));
  const walk = (node: unknown): boolean => {
    if (Array.isArray(node)) return node.some(walk);
    if (!node || typeof node !== 'object') return false;
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (DOWN_LISTS.has(key) && Array.isArray(value) && value.some((v) => typeof v === 'string' && [...names].some((n) => v.toLowerCase().includes(n)))) return true;
    }
    if (typeof record.name === 'string' && names.has(record.name.toLowerCase()) && isDown(record)) return true;
    return Object.entries(record).some(([key, value]) => (names.has(key.toLowerCase()) && isDown(value)) || walk(value));
  };
  return walk(body);
}
