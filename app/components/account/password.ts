/** The user pools' password policy (local/stack/cognito.ts and the managed pools): shown and checked before any call. */
export const PASSWORD_RULES = [
  { key: 'account.password.rules.length', test: (p: string) => p.length >= 8 },
  { key: 'account.password.rules.lower', test: (p: string) => /[a-z]/.test(p) },
  { key: 'account.password.rules.upper', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'account.password.rules.number', test: (p: string) => /\d/.test(p) },
] as const;

export function passwordMeetsRules(password: string): boolean {
  return password.length <= 256 && PASSWORD_RULES.every((r) => r.test(password));
}
