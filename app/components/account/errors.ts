import type { KeyIn } from '#app/lib/i18n/keys';

/**
 * Turns an identity-service error (aws-amplify/auth) into a translation key. Wrong password and
 * unknown user give the same message, so no screen tells whether an account exists.
 */
export type AuthErrorContext = 'signIn' | 'signUp' | 'confirm' | 'reset' | 'changePassword' | 'verify';

export function authErrorName(error: unknown): string {
  if (error && typeof error === 'object' && 'name' in error) return String((error as { name: unknown }).name);
  return 'Unknown';
}

export function authErrorKey(error: unknown, context: AuthErrorContext): KeyIn<'account.errors'> {
  const name = authErrorName(error);
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      if (context === 'changePassword') return 'account.errors.wrongPassword';
      if (context === 'signIn') return 'account.errors.invalidCredentials';
      if (context === 'reset' || context === 'confirm') return 'account.errors.codeInvalid';
      return 'account.errors.generic';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'account.errors.rateLimited';
    case 'CodeMismatchException':
      return 'account.errors.codeInvalid';
    case 'ExpiredCodeException':
      return 'account.errors.codeExpired';
    case 'InvalidPasswordException':
      return 'account.errors.passwordPolicy';
    case 'AliasExistsException':
      // Confirming a new address or number that another account holds (Cognito says so plainly).
      if (context === 'verify') return 'account.errors.contactTaken';
      return 'account.errors.cannotCreate';
    case 'UsernameExistsException':
      return 'account.errors.cannotCreate';
    case 'UserAlreadyAuthenticatedException':
      return 'account.errors.alreadySignedIn';
    case 'NetworkError':
    case 'ServiceUnavailableException':
    case 'InternalErrorException':
      return 'account.errors.unavailable';
    case 'InvalidParameterException':
    case 'EmptySignInUsername':
    case 'EmptySignInPassword':
      return context === 'signIn' ? 'account.errors.invalidCredentials' : 'account.errors.invalidInput';
    default:
      return 'account.errors.generic';
  }
}
