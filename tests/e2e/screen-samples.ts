/**
 * A tenant's sample data on the e2e stack (local/stack/seed.ts: the pitch deck, the sample shop
 * of the demo organizer) for the screen parameter recipes (tests/e2e/screen-params.ts). The
 * stack seeds no events: one upcoming event is written per worker and tenant, the way the other
 * event tests write theirs, organized by the account the screens are checked as organizer with,
 * and one picture of theirs (the stack seeds none).
 */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { seedMediaItem } from '#tests/support/media';
import { demoAccount } from './identity';
import { seedEvent } from './events-helpers';
import { tenantApi } from './fixtures';
import { e2eMediaData } from './library-helpers';
import type { SampleData } from './screen-params';
import type { TestUser } from './session-helpers';

/** The owner of what the stack seeds (local/stack/sampleDeck.ts). */
const SEED_OWNER = 'sample-seed';

/** The worker's own request context: samples outlive the test that first asked for them. */
let ownRequest: Promise<APIRequestContext> | undefined;
const requestContext = () => (ownRequest ??= playwrightRequest.newContext());

const once = <T>(make: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
};

/** `eventOrganizer`: who organizes the sample event (the screens' organizer sees their own event). */
export function tenantSamples(tenant: string, eventOrganizer: () => Promise<TestUser>): SampleData {
  const data = e2eMediaData(tenant);
  const organizer = demoAccount(tenant, 'organizer') as ReturnType<typeof demoAccount> & { sub?: string };
  const organizerId = async () => {
    if (!organizer.sub) throw new Error(`the demo organizer of ${tenant} has no user id`);
    return organizer.sub;
  };
  const event = once(async () => {
    const record = await seedEvent(tenant, await eventOrganizer(), { title: 'Accessibility review' }, { inviteCode: true });
    return { eventId: record.eventId, shortCode: record.shortCode, inviteCode: record.inviteCode };
  });
  // The stack seeds no picture: one of the same organizer's, so the photo tools open with it.
  const image = once(async () => (await seedMediaItem(data, { kind: 'image', owner: { sub: (await eventOrganizer()).sub }, title: 'Stage photo', visibility: 'public' })).id);
  const channelId = once(async () => (await data.channels.byOwner(await organizerId()))[0]?.channelId ?? null);
  const productId = once(async () => {
    const channel = await channelId();
    if (!channel) return null;
    return (await data.products.byChannel(channel)).find((p) => p.published)?.productId ?? null;
  });
  return {
    event,
    organizerId,
    channelId,
    productId,
    async mediaId(kinds) {
      for (const kind of kinds) {
        const item = (await data.media.list({ ownerId: SEED_OWNER, kind, limit: 5 })).items[0];
        if (item) return item.id;
      }
      return kinds.includes('image') ? image() : null;
    },
    async articleSlug(listPath) {
      const res = await tenantApi(await requestContext(), tenant).get(listPath);
      if (res.status() !== 200) return null;
      const found = (await res.text()).match(new RegExp(`href="${listPath}Details\\?slug=([^"&]+)"`));
      return found ? decodeURIComponent(found[1]!) : null;
    },
  };
}
