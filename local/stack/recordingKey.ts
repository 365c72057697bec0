/**
 * The local stack's restream key-encryption secret (RECORDING_KEY_SECRET, docs/decisions/0030):
 * 32 random bytes made on first start and kept in the stack's data folder, readable by its owner
 * only, so stored stream keys still open after a restart. Production sets its own.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RECORDING_KEY_FILE = 'recording-key';

export function localRecordingKey(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, RECORDING_KEY_FILE);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (Buffer.from(kept, 'base64').length === 32) return kept;
  }
  const secret = randomBytes(32).toString('base64');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
