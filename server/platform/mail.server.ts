/**
 * Outgoing email (receipts, ticket confirmations with their .ics file, reminders, payout notices).
 *
 * Locally the message is appended as one JSON line to the stack's outbox file (IDENTITY_OUTBOX_FILE,
 * the same file the identity stand-in writes its codes to), where people running `npm start` and the
 * tests read it. A deployment sets MAIL_PROVIDER=ses (server/env.server.ts) and mail goes through
 * Amazon SES v2 from the tenant's verified domain (sesMail.server.ts). With neither the message is
 * not sent and a warning says so, so nothing pretends to have delivered it.
 */
import { appendFileSync } from 'node:fs';
import type { TenantId } from '#app/lib/config/tenant';
import { log } from '#server/observability/log.server';
import type { MailMessage, MailTenant, MailTransport } from './mailMessage';
import { sesTransport } from './sesMail.server';

export type { MailAttachment, MailMessage, MailTenant, MailTransport } from './mailMessage';

export interface OutboxMail extends MailMessage {
  tenant: TenantId;
  medium: 'EMAIL';
  destination: string;
  at: string;
}

/** The local stack's sender: one JSON line per message in `outboxFile`. */
export function outboxTransport(outboxFile: string): MailTransport {
  return {
    async send(tenant, message) {
      const line: OutboxMail = { ...message, tenant: tenant.id, medium: 'EMAIL', destination: message.to, at: new Date().toISOString() };
      appendFileSync(outboxFile, `${JSON.stringify(line)}\n`);
      return true;
    },
  };
}

let ses: { key: string; transport: MailTransport } | undefined;

/**
 * The sender the environment configures: SES with MAIL_PROVIDER=ses (one client, kept), else the
 * outbox file, read on each call as the tests point it at files of their own.
 */
export function configuredTransport(env: Record<string, string | undefined> = process.env): MailTransport | null {
  if (env.MAIL_PROVIDER === 'ses') {
    const options = { region: env.AWS_REGION ?? 'us-east-1', endpoint: env.SES_ENDPOINT, rootDomain: env.PLATFORM_ROOT_DOMAIN ?? 'events.localhost', fromLocalPart: env.MAIL_FROM_LOCAL_PART };
    const key = JSON.stringify(options);
    if (ses?.key !== key) ses = { key, transport: sesTransport(options) };
    return ses.transport;
  }
  return env.IDENTITY_OUTBOX_FILE ? outboxTransport(env.IDENTITY_OUTBOX_FILE) : null;
}

/** Sends (locally: records) one message. Resolves to whether it was delivered anywhere. */
export async function sendMail(tenant: MailTenant, message: MailMessage, transport: MailTransport | null = configuredTransport()): Promise<boolean> {
  if (transport) return transport.send(tenant, message);
  log.warn(`mail: no email sender configured, "${message.purpose}" for tenant ${tenant.id} was not sent`);
  return false;
}
