/**
 * Seeds the visual suite's own stack once per run: on every sample tenant, three events of its
 * demo organizer with fixed titles (two live, one upcoming, one paid), and the sample data's ids
 * for the screens to use. The lists then show the same cards on every run; only their times
 * move, and the screenshots mask those.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { COLLECTION_ROUTES } from '#app/lib/content/collections';
import { e2eData, minutesFromNow, seedEvent } from '../e2e/events-helpers';
import { demoAccount } from '../e2e/identity';
import { cognito, poolOf, type TestUser } from '../e2e/session-helpers';
import { retrying } from './capture';
import { saveSample, VISUAL_TENANTS, type TenantSample, type VisualSample, type VisualTenant } from './sample';

/** Each tenant's events, in its own language. */
const EVENTS: Record<VisualTenant, { language: string; zone: string; live: string; stage: string; upcoming: string; paid: string }> = {
  aurora: { language: 'en', zone: 'America/New_York', live: 'Spring product launch', stage: 'Live Q&A with the team', upcoming: 'Quarterly town hall', paid: 'Masterclass: streaming like a studio' },
  solana: { language: 'es', zone: 'America/Mexico_City', live: 'Lanzamiento de primavera', stage: 'Preguntas en vivo con el equipo', upcoming: 'Reunión trimestral', paid: 'Clase magistral de transmisión' },
  lumiere: { language: 'fr', zone: 'Europe/Paris', live: 'Lancement de printemps', stage: 'Questions en direct avec l’équipe', upcoming: 'Assemblée trimestrielle', paid: 'Classe de maître : diffuser comme en studio' },
};

// A Tuesday and the Friday after it, years ahead.
const UPCOMING_AT = '2031-06-10T17:00:00.000Z';
const PAID_AT = '2031-06-13T17:00:00.000Z';

async function demoUser(request: Parameters<typeof cognito>[0], tenant: string, role: 'organizer' | 'member'): Promise<TestUser> {
  const account = demoAccount(tenant, role);
  const { status, body } = await cognito(request, tenant, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: poolOf(tenant).appClientId,
    AuthParameters: { USERNAME: account.username, PASSWORD: account.password },
  });
  const idToken = (body.AuthenticationResult as { IdToken?: string } | undefined)?.IdToken;
  if (status !== 200 || !idToken) throw new Error(`sign-in of the demo ${role} of ${tenant} failed: ${status}`);
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string; name?: string };
  return { tenant, username: account.username, password: account.password, sub: claims.sub, name: claims.name ?? role };
}

/** A slug of each article collection the tenant has, in its first language folder. */
function articleSlugs(tenant: string): Record<string, string> {
  const root = join('tenants', tenant, 'content');
  const language = readdirSync(root).sort()[0];
  const out: Record<string, string> = {};
  for (const route of Object.values(COLLECTION_ROUTES)) {
    try {
      const slug = readdirSync(join(root, language!, route.collection)).filter((f) => f.endsWith('.md')).sort()[0];
      if (slug) out[route.detail] = slug.replace(/\.md$/, '');
    } catch {
      // The tenant has no such collection: its detail route is shown without a slug.
    }
  }
  return out;
}

async function seedTenant(request: Parameters<typeof cognito>[0], tenant: VisualTenant): Promise<TenantSample> {
  const organizer = await retrying(() => demoUser(request, tenant, 'organizer'));
  const member = await retrying(() => demoUser(request, tenant, 'member'));
  const texts = EVENTS[tenant];
  const by = { sub: organizer.sub, name: organizer.name, email: organizer.username, language: texts.language };
  const common = { eventTimeZone: texts.zone, eventLanguage: texts.language, description: texts.upcoming };
  const live = await seedEvent(tenant, by, { ...common, title: texts.live, description: texts.live, eventDateTime: minutesFromNow(-5), layout: 'liveEventsContainer' }, { inviteCode: true });
  // The organizer's room is another live event, so neither room ever shows the other person.
  const stage = await seedEvent(tenant, by, { ...common, title: texts.stage, description: texts.stage, eventDateTime: minutesFromNow(-4), layout: 'liveEventsContainer' });
  // The future events are at fixed instants: a date relative to today is masked, but the length of
  // its weekday and month names still moves the wrap of the lines around it.
  const upcoming = await seedEvent(tenant, by, { ...common, title: texts.upcoming, eventDateTime: UPCOMING_AT });
  const paid = await seedEvent(tenant, by, { ...common, title: texts.paid, description: texts.paid, eventDateTime: PAID_AT, ticketPrice: 2500 });

  const data = e2eData(tenant);
  const channel = (await data.channels.list())[0];
  const product = channel ? (await data.products.byChannel(channel.channelId))[0] : undefined;
  // The sample deck is processed by the media worker beside the app: its cards and the product show it ready.
  let deck = (await data.media.list({ kind: 'document' })).items[0];
  if (deck) {
    await expect.poll(async () => (await data.media.get(deck!.id))?.status, { timeout: 60_000, message: `${tenant}'s sample deck processed` }).toBe('ready');
    deck = (await data.media.get(deck.id)) ?? deck;
  }
  return {
    organizer,
    member,
    liveEventId: live.eventId,
    stageEventId: stage.eventId,
    upcomingEventId: upcoming.eventId,
    paidEventId: paid.eventId,
    ids: {
      event: live.eventId,
      shortCode: live.shortCode,
      ...(live.inviteCode ? { inviteCode: live.inviteCode } : {}),
      user: organizer.sub,
      ...(channel ? { channel: channel.channelId } : {}),
      ...(product ? { product: product.productId } : {}),
      ...(deck ? { media: deck.id } : {}),
    },
    ...(deck ? { mediaKind: deck.kind } : {}),
    articles: articleSlugs(tenant),
  };
}

test('seed the visual stack', async ({ request }) => {
  test.setTimeout(180_000);
  const sample = {} as VisualSample;
  for (const tenant of VISUAL_TENANTS) sample[tenant] = await seedTenant(request, tenant);
  saveSample(sample);
});
