/**
 * The one way the platform names a person (docs/decisions/0040-paths-for-each-role.md): the
 * profile's display name, then its first and last name, then the names given at sign-up (the ID
 * token's given_name / family_name, else its `name`). Only someone who has given no name at all is called by the
 * part of their address before the "@" (never the whole address), and last by their user name.
 */
import type { SessionUser } from './types';

export interface NameSources {
  profile?: { displayName?: string; firstName?: string; lastName?: string } | null;
  givenName?: string | null;
  familyName?: string | null;
  /** The identity's single `name`, used when there are no given/family names. */
  fullName?: string | null;
  email?: string | null;
  username?: string | null;
}

const joined = (...parts: Array<string | null | undefined>) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');

/** A name the person gave (profile or sign-up), or '' when they gave none. */
export function givenDisplayName({ profile, givenName, familyName, fullName }: NameSources): string {
  return (profile?.displayName ?? '').trim() || joined(profile?.firstName, profile?.lastName) || joined(givenName, familyName) || joined(fullName);
}

/** Whether text holds an email address: it is never shown as a person's name. */
export const holdsEmailAddress = (text: string) => /[^\s@]+@[^\s@]+\.[^\s@]+/.test(text);

/** The part of an address before the "@" (the whole text when it is no address). */
const localPart = (text: string | null | undefined) => (text ?? '').split('@')[0]!.trim();

export function displayNameOf(sources: NameSources): string {
  const given = givenDisplayName(sources);
  return (given && !holdsEmailAddress(given) ? given : '') || localPart(sources.email) || localPart(given) || localPart(sources.username);
}

/**
 * A stored name (an item's owner, an event's organizer) as a screen may show it: '' when it is an
 * email address, and the screen then says its neutral label ("a member"). Older records kept the
 * uploader's address there.
 */
export function shownStoredName(name: string | null | undefined): string {
  const text = (name ?? '').trim();
  return holdsEmailAddress(text) ? '' : text;
}

/** One or two capital letters for an avatar: "Ana María López" → "AL", "ana" → "A". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const first = Array.from(words[0]!)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

/** The name a signed-in person shows (header, rooms, chat, orders): the rule above over their session and profile. */
export function shownName(user: Pick<SessionUser, 'email' | 'username' | 'givenName' | 'familyName' | 'fullName'>, profile: { displayName: string; firstName?: string; lastName?: string } | null): string {
  return displayNameOf({ profile, givenName: user.givenName, familyName: user.familyName, fullName: user.fullName, email: user.email, username: user.username });
}
