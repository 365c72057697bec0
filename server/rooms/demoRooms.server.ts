/**
 * Instant demo rooms (/demoPage, /teamDemoPage): unlisted events of kind 'demo' that start now,
 * organized by the signed-in user, so their room is open for them at once.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { isValidTimeZone, type RoomLayout } from '#app/lib/events/model';
import { getFixedT } from '#server/i18n.server';
import type { SessionUser } from '#app/lib/identity/types';
import { newEventInput, type Organizer } from '#server/events/index.server';
import { RateLimiter } from '#server/platform/rateLimit.server';
import type { KeyIn } from '#app/lib/i18n/keys';
import { shownName } from '#app/lib/identity/displayName';

/** Demo rooms a user may start per hour on one instance (solo and team demos together). */
export const DEMO_ROOMS_PER_HOUR = 20;
const demoLimiter = new RateLimiter(DEMO_ROOMS_PER_HOUR, 3600);

export type DemoKind = 'solo' | 'team';

const DEMOS: Record<DemoKind, { layout: RoomLayout; duration: number; titleKey: KeyIn<'lobby'>; inviteCode: boolean }> = {
  solo: { layout: 'preBuilt', duration: 30, titleKey: 'lobby.demo.roomTitle', inviteCode: false },
  team: { layout: 'liveEventsContainer', duration: 60, titleKey: 'lobby.team.roomTitle', inviteCode: true },
};

type Args = Pick<ActionFunctionArgs, 'context'>;

/**
 * Creates the demo event, or returns the minutes to wait when the user started too many
 * demos in the last hour.
 */
export async function createDemoRoom({ context }: Args, user: SessionUser, kind: DemoKind) {
  const limit = await demoLimiter.consume(`${context.tenant.id}:${user.sub}`);
  if (!limit.allowed) return { ok: false as const, retryAfterMinutes: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) };

  const [t, profile] = await Promise.all([getFixedT(context.languageTag), context.data.profiles.get(user.sub)]);
  const email = user.email ?? '';
  const name = shownName(user, profile);
  const zone = profile?.signInTimeZone && isValidTimeZone(profile.signInTimeZone) ? profile.signInTimeZone : context.tenant.timeZone;
  const demo = DEMOS[kind];
  const input = newEventInput({
    title: t(demo.titleKey, { name }).slice(0, 120),
    eventDateTime: new Date().toISOString(),
    eventDuration: demo.duration,
    eventTimeZone: zone,
    eventLanguage: context.language,
    layout: demo.layout,
    ownerOnlyBroadcast: false,
  });
  const organizer: Organizer = { sub: user.sub, name, email, language: profile?.signInLanguageCode || context.language };
  const event = await context.data.events.create(input, organizer, { kind: 'demo', inviteCode: demo.inviteCode });
  return { ok: true as const, event };
}
