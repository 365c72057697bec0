import { describe, expect, it } from 'vitest';
import { isCompleteCode, normaliseCode } from './CodeField';
import { twoFactorErrorKey } from './errors';
import { challengeKind, readPendingChallenge } from './pendingChallenge';

const store = (entries: Record<string, string>) => ({ getItem: (k: string) => entries[k] ?? null });

describe('two-factor helpers', () => {
  it('keeps only six digits', () => {
    expect(normaliseCode(' 12a 34-567 ')).toBe('123456');
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
  });

  it('maps identity errors to messages that reveal no account', () => {
    expect(twoFactorErrorKey({ name: 'CodeMismatchException' })).toBe('codeMismatch');
    expect(twoFactorErrorKey({ name: 'EnableSoftwareTokenMFAException' })).toBe('codeMismatch');
    expect(twoFactorErrorKey({ name: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' })).toBe('sessionExpired');
    expect(twoFactorErrorKey({ name: 'LimitExceededException' })).toBe('tooManyAttempts');
    expect(twoFactorErrorKey({ name: 'UserNotFoundException' })).toBe('generic');
    expect(twoFactorErrorKey(null)).toBe('generic');
    expect(twoFactorErrorKey({ name: 'AliasExistsException', message: 'An account with the given phone_number already exists.' })).toBe('phoneTaken');
  });

  it('reads the pending sign-in challenge Amplify keeps for three minutes', () => {
    const now = 1_000_000;
    const pending = { 'CognitoSignInState.challengeName': 'SOFTWARE_TOKEN_MFA', 'CognitoSignInState.signInSession': 's', 'CognitoSignInState.expiry': String(now + 1000) };
    expect(readPendingChallenge(store(pending), now)).toBe('TOTP');
    expect(readPendingChallenge(store({ ...pending, 'CognitoSignInState.expiry': String(now - 1) }), now)).toBeNull();
    expect(readPendingChallenge(store({ ...pending, 'CognitoSignInState.signInSession': '' }), now)).toBeNull();
    expect(readPendingChallenge(null, now)).toBeNull();
    expect(challengeKind('SMS_MFA')).toBe('SMS');
    expect(challengeKind('SELECT_MFA_TYPE')).toBe('SELECT');
    expect(challengeKind('NEW_PASSWORD_REQUIRED')).toBeNull();
  });
});
