import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useEffect } from 'react';
import { imageKeyPrefixFor, recordWindowSize, SIGNED_OUT, writeClientSession } from '#app/lib/identity/clientSession';
import type { SessionUser } from '#app/lib/identity/types';
import { IdleGuard } from './IdleGuard';

async function storeToken() {
  try {
    const token = (await fetchAuthSession()).tokens?.idToken?.toString() ?? null;
    writeClientSession({ jwtToken: token });
  } catch {
    writeClientSession({ jwtToken: null });
  }
}

/**
 * Browser-side session upkeep on every hydrated screen: the client session data (docs/PRODUCT.md)
 * (sign-in state, token, groups, image prefix, window size) and, for a signed-in user, the
 * inactivity guard. Renders nothing for anonymous visitors.
 */
export function SessionRuntime({ user, tenantId, language }: { user: SessionUser | null; tenantId: string; language: string }) {
  const sub = user?.sub ?? null;
  const username = user?.username ?? null;
  const groups = user?.groups.join(',') ?? '';

  useEffect(() => {
    if (!sub || !username) {
      writeClientSession(SIGNED_OUT);
      return;
    }
    writeClientSession({
      signedIn: true,
      userName: username,
      cognitoGroups: groups ? groups.split(',') : [],
      imageKeyPrefix: imageKeyPrefixFor(tenantId, sub),
    });
    void storeToken();
    // Token refreshes and sign-in/out in this tab keep the stored token current.
    return Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'tokenRefresh' || payload.event === 'signedIn') void storeToken();
      if (payload.event === 'signedOut') writeClientSession(SIGNED_OUT);
    });
  }, [sub, username, groups, tenantId]);

  useEffect(() => {
    recordWindowSize();
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => recordWindowSize());
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  return user ? <IdleGuard language={language} /> : null;
}
