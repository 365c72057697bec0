/**
 * Maps an Amplify/Cognito error to one of the two-factor screens' message keys. Messages never
 * say whether an account exists; unknown failures get the generic "try again".
 */
export type TwoFactorErrorKey =
  | 'codeMismatch'
  | 'codeExpired'
  | 'tooManyAttempts'
  | 'sessionExpired'
  | 'phoneInvalid'
  | 'notSignedIn'
  | 'unavailable'
  | 'phoneTaken'
  | 'generic';

export function twoFactorErrorKey(error: unknown): TwoFactorErrorKey {
  const name = (error as { name?: unknown } | null)?.name;
  const message = String((error as { message?: unknown } | null)?.message ?? '');
  switch (name) {
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return 'codeMismatch';
    case 'ExpiredCodeException':
      return 'codeExpired';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'tooManyAttempts';
    case 'NotAuthorizedException':
      return /session|expired/i.test(message) ? 'sessionExpired' : 'codeMismatch';
    case 'InvalidParameterException':
      return /phone/i.test(message) ? 'phoneInvalid' : 'codeMismatch';
    case 'UserUnAuthenticatedException':
    case 'SignInException':
    case 'EmptyChallengeResponse':
      return 'notSignedIn';
    case 'NetworkError':
    case 'ServiceUnavailableException':
      return 'unavailable';
    case 'AliasExistsException':
      return 'phoneTaken';
    default:
      return 'generic';
  }
}
