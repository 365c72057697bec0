/**
 * Outgoing email (receipts, ticket confirmations with their .ics file, reminders, payout notices).
 *
 * Locally the message is appended as one JSON line to the stack's outbox file (IDENTITY_OUTBOX_FILE,
 * the same file the identity stand-in writes its codes to), where people running `npm start` and the
 * tests read it. No email provider is wired for production deployments yet: without an outbox the
 * message is not sent and a warning says so, so nothing pretends to have delivered it.
 */
import { appendFileSync } from 'node:fs';
import type { TenantId } from '#app/lib/config/tenant';
import { log } from '#server/observability/log.server';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Text content (an .ics calendar, a CSV). */
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What the message is for (receipt, ticket, reminder, ...): tests and logs find it by this. */
  purpose: string;
  attachments?: MailAttachment[];
}

export interface OutboxMail extends MailMessage {
  tenant: TenantId;
  medium: 'EMAIL';
  destination: string;
  at: string;
}

/** Sends (locally: records) one message. Returns whether it was delivered anywhere. */
export function sendMail(tenantId: TenantId, message: MailMessage, outboxFile = process.env.IDENTITY_OUTBOX_FILE): boolean {
  if (outboxFile) {
    const line: OutboxMail = { ...message, tenant: tenantId, medium: 'EMAIL', destination: message.to, at: new Date().toISOString() };
    appendFileSync(outboxFile, `${JSON.stringify(line)}\n`);
    return true;
  }
  log.warn(`mail: no email sender configured, "${message.purpose}" for tenant ${tenantId} was not sent`);
  return false;
}
