import { describe, expect, it } from 'vitest';
import en from '#app/locales/en/account';
import es from '#app/locales/es/account';
import fr from '#app/locales/fr/account';
import { NAME_MAX } from './fieldErrors';

describe('the too-long message of the account forms', () => {
  it.each([
    ['en', en],
    ['es', es],
    ['fr', fr],
  ])('states the limit the schemas check, in %s', (_language, strings) => {
    expect(strings.errors.tooLong).toContain(String(NAME_MAX));
  });
});
