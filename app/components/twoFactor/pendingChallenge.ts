/**
 * Amplify (6.x) keeps an unfinished sign-in (the challenge between password and second factor)
 * in sessionStorage for three minutes under "CognitoSignInState.*". Reading it tells the
 * /twoFactorSignInVerify screen whether there is a second factor to ask for, and which.
 */
const PREFIX = 'CognitoSignInState';

export type PendingChallenge = 'TOTP' | 'SMS' | 'SELECT' | 'EMAIL' | null;

export function challengeKind(challengeName: string | null | undefined): PendingChallenge {
  switch (challengeName) {
    case 'SOFTWARE_TOKEN_MFA':
      return 'TOTP';
    case 'SMS_MFA':
    case 'SMS_OTP':
      return 'SMS';
    case 'EMAIL_OTP':
      return 'EMAIL';
    case 'SELECT_MFA_TYPE':
      return 'SELECT';
    default:
      return null;
  }
}

export function readPendingChallenge(store: Pick<Storage, 'getItem'> | null, now = Date.now()): PendingChallenge {
  if (!store) return null;
  try {
    const expiry = Number(store.getItem(`${PREFIX}.expiry`));
    if (!expiry || expiry <= now) return null;
    if (!store.getItem(`${PREFIX}.signInSession`)) return null;
    return challengeKind(store.getItem(`${PREFIX}.challengeName`));
  } catch {
    return null;
  }
}
