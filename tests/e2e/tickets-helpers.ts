/** Mail the test stack "sent" (server/platform/mail.server.ts writes each as a line of the outbox). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutboxMail } from '#server/platform/mail.server';
import { E2E_STACK_DIR } from './stack';

export function sentMails(): OutboxMail[] {
  const file = join(E2E_STACK_DIR, 'outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMail & { medium?: string })
    .filter((m) => m.medium === 'EMAIL' && typeof m.subject === 'string');
}
