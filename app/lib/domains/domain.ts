/**
 * A tenant's custom domain as its admin sees it on the dashboard (docs/decisions/0076): what the
 * browser and the server share. Imports nothing from server/.
 */

/** pending: not proven yet; verified: ownership proven, no certificate seen yet; certificateIssued: a TLS handshake saw a valid certificate for the name; failing: the last check failed. */
export const DOMAIN_STATES = ['pending', 'verified', 'certificateIssued', 'failing'] as const;
export type DomainState = (typeof DOMAIN_STATES)[number];

/** Why the last check failed; each has its sentence in the dashboard's strings. */
export const DOMAIN_FAILURES = ['notFound', 'refusedAddress', 'httpUnreachable', 'httpMismatch', 'txtMissing', 'txtMismatch', 'certificate'] as const;
export type DomainFailure = (typeof DOMAIN_FAILURES)[number];

/** The label of the TXT record and of the HTTP token path; the platform's own name for both. */
export const VERIFICATION_LABEL = 'eventplatform';
/** The TXT record's name: _eventplatform-verification.<domain>. */
export const txtRecordName = (domain: string) => `_${VERIFICATION_LABEL}-verification.${domain}`;
/** Where the HTTP token is served on the domain itself. */
export const WELL_KNOWN_PREFIX = `/.well-known/${VERIFICATION_LABEL}-domain/`;
export const tokenPath = (token: string) => `${WELL_KNOWN_PREFIX}${token}`;

/** One row of the dashboard's Domains tab. */
export interface DomainRow {
  domain: string;
  state: DomainState;
  token: string;
  txtName: string;
  tokenUrl: string;
  /** ISO times, absent until they happened. */
  verifiedAt?: string;
  verifiedBy?: 'http' | 'dns';
  certificate?: { issuer: string; notAfter: string; seenAt: string };
  lastCheck?: { at: string; ok: boolean; failure?: DomainFailure; detail?: string };
}
