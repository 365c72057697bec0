/**
 * Translation keys are checked by the type checker (app/lib/i18n/keys.ts declares i18next's
 * CustomTypeOptions): a misspelt key fails `tsc`, in components (react-i18next's `t`) and on the
 * server (getFixedT). The `@ts-expect-error` lines below are the test: without the declaration
 * every string is a valid key, the directives go unused and `tsc` fails on them.
 */
import type { UseTranslationResponse } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { keyFromData, type KeyIn, type TranslationKey } from '#app/lib/i18n/keys';
import { getFixedT } from '#server/i18n.server';

/** What `useTranslation()` gives a component. */
type ComponentT = UseTranslationResponse<'translation', undefined>['t'];
type ServerT = Awaited<ReturnType<typeof getFixedT>>;

/** Never called: it exists for the type checker. */
function typeChecks(t: ComponentT, serverT: ServerT, code: 'open' | 'live', anyString: string) {
  t('schedule.saved.preview');
  // @ts-expect-error a misspelt key does not compile in a component
  t('schedule.saved.previewTYPO');
  serverT('schedule.saved.preview');
  // @ts-expect-error a misspelt key does not compile on the server
  serverT('schedule.saved.previewTYPO');
  t(`events.status.${code}`);
  // @ts-expect-error a key built from any string does not compile; it goes through keyFromData
  t(`events.status.${anyString}`);
  // @ts-expect-error nor does one that names a group, not a string
  t('schedule.saved');
  // @ts-expect-error a list of keys for data must hold keys only
  keyFromData(['account.signIn.notices.confirmed', 'account.signIn.notices.confirmedTYPO'], anyString);
  const known: KeyIn<'events.status'> = 'events.status.live';
  // @ts-expect-error KeyIn holds the keys under its prefix only
  const outside: KeyIn<'events.status'> = 'events.title';
  return [known, outside] satisfies TranslationKey[];
}

describe('translation keys', () => {
  it('are checked by the type checker (see typeChecks)', () => {
    expect(typeChecks).toBeTypeOf('function');
  });

  it('translate on the server in the asked language', async () => {
    const t = await getFixedT('es');
    expect(t('schedule.saved.preview')).not.toBe('schedule.saved.preview');
    expect(t('schedule.saved.preview')).toBe((await import('#app/locales/es')).default.schedule.saved.preview);
  });

  it('keyFromData gives a listed key for a value from data, else null', () => {
    const notices = ['account.signIn.notices.confirmed', 'account.signIn.notices.reset'] as const;
    expect(keyFromData(notices, 'account.signIn.notices.reset')).toBe('account.signIn.notices.reset');
    expect(keyFromData(notices, 'account.signIn.notices.created')).toBeNull();
    expect(keyFromData(notices, 42)).toBeNull();
    expect(keyFromData(notices, undefined)).toBeNull();
  });
});
