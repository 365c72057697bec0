/**
 * The local stack's own LiveKit key pair. `livekit-server --dev`'s pair (devkey / secret) is public,
 * and the server refuses it in production mode, which `npm start` and the test stack run in; so
 * each local stack makes a random pair on first start and keeps it in its data folder, where a
 * LiveKit server started later reads the same pair:
 *
 *   livekit-server --dev --bind 127.0.0.1 --key-file .local/livekit-keys.yaml
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export interface LivekitKeyPair {
  apiKey: string;
  apiSecret: string;
}

const pairSchema = z.object({ apiKey: z.string().regex(/^API[0-9a-f]{12}$/), apiSecret: z.string().min(32) });

export const LIVEKIT_KEYS_JSON = 'livekit-keys.json';
/** `livekit-server --key-file` format: one "key: secret" line; LiveKit wants it readable by its owner only. */
export const LIVEKIT_KEYS_YAML = 'livekit-keys.yaml';

/** A fresh pair: a LiveKit-style key name and a 256-bit secret (LiveKit wants at least 32 characters). */
export function newLivekitKeyPair(): LivekitKeyPair {
  return { apiKey: `API${randomBytes(6).toString('hex')}`, apiSecret: randomBytes(32).toString('base64url') };
}

/** The pair kept in `dir`, made and saved there on first use. */
export function localLivekitKeys(dir: string): { pair: LivekitKeyPair; keyFile: string; created: boolean } {
  mkdirSync(dir, { recursive: true });
  const jsonFile = join(dir, LIVEKIT_KEYS_JSON);
  const keyFile = join(dir, LIVEKIT_KEYS_YAML);
  let pair: LivekitKeyPair | undefined;
  if (existsSync(jsonFile)) {
    try {
      pair = pairSchema.parse(JSON.parse(readFileSync(jsonFile, 'utf8')));
    } catch {
      pair = undefined; // unreadable: replaced below
    }
  }
  const created = !pair;
  pair ??= newLivekitKeyPair();
  if (created) writeFileSync(jsonFile, `${JSON.stringify(pair, null, 2)}\n`, { mode: 0o600 });
  if (created || !existsSync(keyFile)) writeFileSync(keyFile, `${pair.apiKey}: ${pair.apiSecret}\n`, { mode: 0o600 });
  return { pair, keyFile, created };
}
