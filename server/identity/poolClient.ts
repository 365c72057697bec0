/**
 * The server's own client of a tenant's user pool (administrative calls the browser never makes:
 * ListUsers for contact claims, AdminGetUser to know which account a name means). One client per
 * pool endpoint (cognito-local) or region (Amazon Cognito, with the server's credentials); an
 * unreachable pool is marked as an identity outage (503), like the gateway's own calls.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { TenantPool } from './identity.server';
import { markOutages, SDK_MAX_ATTEMPTS, SDK_REQUEST_HANDLER } from '#server/platform/unavailable.server';

const clients = new Map<string, CognitoIdentityProviderClient>();

export function poolClient(pool: TenantPool): CognitoIdentityProviderClient {
  const key = pool.local ? pool.serviceEndpoint : pool.region;
  let client = clients.get(key);
  if (!client) {
    client = pool.local
      ? new CognitoIdentityProviderClient({ region: pool.region, endpoint: pool.serviceEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1, requestHandler: SDK_REQUEST_HANDLER })
      : new CognitoIdentityProviderClient({ region: pool.region, maxAttempts: SDK_MAX_ATTEMPTS, requestHandler: SDK_REQUEST_HANDLER });
    clients.set(key, markOutages(client, 'identity'));
  }
  return client;
}
