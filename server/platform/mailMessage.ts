/** The shape of one outgoing email, shared by the senders (mail.server.ts, sesMail.server.ts). */
import type { TenantId } from '#app/lib/config/tenant';

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

/** What a sender needs of the tenant: its id, its name for the From line, its domains for the address. */
export interface MailTenant {
  id: TenantId;
  displayName: string;
  domains: readonly string[];
}

/** A way of delivering mail. `send` resolves to whether the message was handed to it. */
export interface MailTransport {
  send(tenant: MailTenant, message: MailMessage): Promise<boolean>;
}
