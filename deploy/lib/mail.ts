/**
 * SES v2 sending identities: one domain identity (Easy DKIM) for every domain of every tenant, and
 * the platform's root domain for tenants without one, in the app's region. The app sends from
 * no-reply@<first domain> (server/platform/sesMail.server.ts, mailDomain); the other domains are
 * verified too so a tenant can reorder its domains without a failed send.
 */
import { CfnOutput } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { Tenant } from '#app/lib/config/tenant';
import { DEFAULT_MAIL_FROM_LOCAL_PART, mailDomain } from '#server/platform/sesMail.server';

export const mailDomains = (tenants: Tenant[], rootDomain: string) => [...new Set([rootDomain, ...tenants.flatMap((t) => [mailDomain(t, rootDomain), ...t.domains])])];

export class PlatformMail extends Construct {
  readonly identities = new Map<string, ses.EmailIdentity>();

  constructor(scope: Construct, id: string, props: { tenants: Tenant[]; rootDomain: string }) {
    super(scope, id);
    const configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      // Bounces and complaints land on the account's suppression list instead of being retried.
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
    });
    for (const domain of mailDomains(props.tenants, props.rootDomain)) {
      const identity = new ses.EmailIdentity(this, `Identity-${domain}`, { identity: ses.Identity.domain(domain), configurationSet });
      this.identities.set(domain, identity);
      // The DNS records the domain's owner adds before SES verifies it.
      identity.dkimRecords.forEach((r, i) => new CfnOutput(this, `Dkim-${domain}-${i}`.replace(/[^A-Za-z0-9]/g, ''), { value: `${r.name} CNAME ${r.value}`, description: `DKIM for ${domain}` }));
    }
  }

  /** The sender Cognito uses for a tenant's codes. */
  senderOf(tenant: Tenant, rootDomain: string, region: string) {
    const domain = mailDomain(tenant, rootDomain);
    return { fromEmail: `${DEFAULT_MAIL_FROM_LOCAL_PART}@${domain}`, fromName: tenant.displayName, domain, sesRegion: region };
  }
}
