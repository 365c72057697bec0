/**
 * Production mail through Amazon SES v2 (MAIL_PROVIDER=ses): one SendEmail per message, from
 * no-reply@<the tenant's mail domain>, a domain identity the deployment verifies for each tenant
 * domain (deploy/lib/mail.ts), with the tenant's name on the From line and attachments as SES v2
 * simple-message attachments. The region and credentials are the standard AWS chain's (the task
 * role); SES_ENDPOINT points it elsewhere (the tests' local recorder).
 */
import { SESv2Client, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { log } from '#server/observability/log.server';
import type { MailMessage, MailTenant, MailTransport } from './mailMessage';

/** The domain a tenant's mail comes from: its first own domain (as tenantOrigin picks), else the platform's. */
export const mailDomain = (tenant: Pick<MailTenant, 'domains'>, rootDomain: string): string => tenant.domains[0] ?? rootDomain;

export const DEFAULT_MAIL_FROM_LOCAL_PART = 'no-reply';

/** A display name SES accepts: quoted, or as an RFC 2047 encoded word when it is not plain ASCII. */
export function displayName(name: string): string {
  if (/^[\x20-\x7e]*$/.test(name)) return `"${name.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  return `=?UTF-8?B?${Buffer.from(name, 'utf8').toString('base64')}?=`;
}

export function mailFromAddress(tenant: MailTenant, rootDomain: string, localPart = DEFAULT_MAIL_FROM_LOCAL_PART): string {
  return `${displayName(tenant.displayName)} <${localPart}@${mailDomain(tenant, rootDomain)}>`;
}

/** SES message tags take letters, digits, _ and - only. */
const tagValue = (v: string) => v.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 256) || '_';

/** The SendEmail request of one message. */
export function sesRequest(tenant: MailTenant, message: MailMessage, from: string): SendEmailCommandInput {
  return {
    FromEmailAddress: from,
    Destination: { ToAddresses: [message.to] },
    Content: {
      Simple: {
        Subject: { Data: message.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
        Attachments: message.attachments?.length
          ? message.attachments.map((a) => ({
              FileName: a.filename,
              ContentType: a.contentType,
              ContentDisposition: 'ATTACHMENT' as const,
              RawContent: Buffer.from(a.content, 'utf8'),
            }))
          : undefined,
      },
    },
    // Bounce and complaint events name the tenant and the kind of message.
    EmailTags: [
      { Name: 'tenant', Value: tagValue(tenant.id) },
      { Name: 'purpose', Value: tagValue(message.purpose) },
    ],
  };
}

export interface SesMailOptions {
  region: string;
  rootDomain: string;
  endpoint?: string;
  fromLocalPart?: string;
  /** A client of one's own (tests); otherwise one is made from region and endpoint. */
  client?: SESv2Client;
}

export function sesTransport(options: SesMailOptions): MailTransport {
  const client = options.client ?? new SESv2Client({ region: options.region, ...(options.endpoint ? { endpoint: options.endpoint } : {}) });
  return {
    async send(tenant, message) {
      try {
        const out = await client.send(new SendEmailCommand(sesRequest(tenant, message, mailFromAddress(tenant, options.rootDomain, options.fromLocalPart))));
        log.info('mail: sent through SES', { tenant: tenant.id, purpose: message.purpose, messageId: out.MessageId });
        return true;
      } catch (e) {
        // Not delivered: the caller learns it, and the log says why (an unverified identity, a sandbox account, throttling).
        log.error(`mail: SES refused "${message.purpose}" for tenant ${tenant.id}`, { error: (e as Error).name, reason: (e as Error).message });
        return false;
      }
    },
  };
}
