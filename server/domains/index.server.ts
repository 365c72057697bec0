/**
 * Custom domains (docs/decisions/0076): what other parts of the server use. The data module
 * (data/domains.server.ts) is bound in server/data/tenantData.server.ts.
 */
export { askAnswer, checkDomainNow, domainRow, domainRows, stateOf, wellKnownToken } from './domains.server';
export { domainCheckConfig, type DomainCheckConfig } from './checks.server';
