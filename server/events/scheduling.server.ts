/**
 * Server helpers shared by /scheduleEvents, /testScheduler and the dashboard's event tabs: the
 * organizer record of the signed-in user, the new-form defaults and the time zone list.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { defaultEventFormValues, type EventFormValues } from '#app/lib/events/form';
import type { SessionUser } from '#app/lib/identity/types';
import { tenantUrl } from '#server/config/tenantOrigin.server';
import type { Organizer } from './data/events.server';
import type { Language } from '#app/lib/config/tenant';
import { shownName } from '#app/lib/identity/displayName';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;

/** Every IANA zone this runtime knows (plus UTC), sorted, for the time zone picker. */
let zones: string[] | undefined;
export function timeZoneList(): string[] {
  if (!zones) {
    let list: string[];
    try {
      list = Intl.supportedValuesOf('timeZone');
    } catch {
      list = [];
    }
    zones = [...new Set([...list, 'UTC'])].sort();
  }
  return zones;
}

/** The signed-in user as the organizer of a new event: profile name, email, page language. */
export async function organizerOf({ context }: Args, user: SessionUser): Promise<Organizer> {
  const profile = await context.data.profiles.get(user.sub);
  const email = user.email ?? '';
  return {
    sub: user.sub,
    name: shownName(user, profile),
    email,
    language: profile?.signInLanguageCode || context.language,
  };
}

/** What the event form needs besides its values. */
export interface EventFormContext {
  languages: Language[];
  timeZones: string[];
}

export function eventFormContext({ context }: Args): EventFormContext {
  return { languages: [...context.tenant.languages.supported], timeZones: timeZoneList() };
}

/**
 * A new form: the zone of the user's profile (else the tenant's), tomorrow at the next full hour,
 * the page language.
 */
export async function newEventFormValues({ context }: Args, user: SessionUser, now = Date.now()): Promise<EventFormValues> {
  const profile = await context.data.profiles.get(user.sub);
  const language = (context.tenant.languages.supported as readonly string[]).includes(context.language) ? context.language : context.tenant.languages.supported[0]!;
  return defaultEventFormValues({ now, zone: profile?.signInTimeZone || context.tenant.timeZone, language });
}

/** The absolute short link of an event on the tenant's site (people copy it: never the request's Host). */
export const shortLinkUrl = ({ context }: Pick<Args, 'context'>, code: string) => tenantUrl(context.tenant, context.env, `/shortUrl?c=${encodeURIComponent(code)}`);
