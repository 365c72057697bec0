import { fetchMFAPreference } from 'aws-amplify/auth';

export type MfaMethod = 'TOTP' | 'SMS';

export interface MfaState {
  enabled: MfaMethod[];
  preferred: MfaMethod | null;
}

/** The user's two-factor settings as the screens show them. */
export async function loadMfaState(): Promise<MfaState> {
  const pref = await fetchMFAPreference();
  const enabled = (pref.enabled ?? []).filter((m): m is MfaMethod => m === 'TOTP' || m === 'SMS');
  const preferred = pref.preferred === 'TOTP' || pref.preferred === 'SMS' ? pref.preferred : null;
  return { enabled, preferred };
}
