import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { CookieStorage } from 'aws-amplify/utils';
import type { PublicIdentityConfig } from './types';

let configured: string | null = null;

/**
 * Points Amplify at the tenant's pool through this site's identity gateway and keeps its tokens in
 * cookies, so server loaders see the same session (server/identity/session.server.ts). The
 * refresh token Amplify stores is a placeholder: the gateway keeps the real one in an HttpOnly
 * cookie and swaps it in when Amplify refreshes (docs/decisions/0014-refresh-token-cookie.md).
 */
export function configureAmplify(config: PublicIdentityConfig) {
  const key = `${config.userPoolId}|${config.userPoolClientId}|${config.endpoint}`;
  if (configured === key) return;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        userPoolEndpoint: config.endpoint,
        loginWith: { email: true, phone: true },
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(
    new CookieStorage({ path: '/', sameSite: 'lax', secure: window.location.protocol === 'https:', expires: 30 }),
  );
  configured = key;
}
