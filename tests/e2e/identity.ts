import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_STACK_DIR } from './stack';

export interface DemoAccount {
  tenant: string;
  role: 'admin' | 'organizer' | 'member';
  username: string;
  password: string;
}

export interface SentCode {
  tenant: string;
  destination: string;
  purpose: string;
  code: string;
  at: string;
  medium?: string;
  username?: string;
}

/** A seeded demo user of the test stack (.local/demo-accounts.json in `npm start`). */
export function demoAccount(tenant: string, role: DemoAccount['role']): DemoAccount {
  const accounts = JSON.parse(readFileSync(join(E2E_STACK_DIR, 'demo-accounts.json'), 'utf8')) as DemoAccount[];
  const account = accounts.find((a) => a.tenant === tenant && a.role === role);
  if (!account) throw new Error(`no demo ${role} for ${tenant}`);
  return account;
}

/** Every code the identity service "sent" (email or SMS), oldest first. */
export function sentCodes(): SentCode[] {
  const file = join(E2E_STACK_DIR, 'outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SentCode);
}

/** Waits for the newest code sent to `destination` (optionally for a purpose) after `since`. */
export async function waitForCode(destination: string, options: { purpose?: string; since?: number } = {}): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        code = sentCodes()
          .filter((c) => c.destination === destination && (!options.purpose || c.purpose === options.purpose))
          .filter((c) => !options.since || Date.parse(c.at) >= options.since)
          .at(-1)?.code;
        return code;
      },
      { timeout: 10_000, message: `a code sent to ${destination}` },
    )
    .toBeTruthy();
  return code!;
}
