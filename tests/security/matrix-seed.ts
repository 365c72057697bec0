/**
 * Tenant A's objects for the cross-tenant matrix, each carrying a unique marker: an event whose
 * title, description, organizer name and host address hold the marker; its short code; a demo
 * room with an invite code; a chat message and a chat file uploaded through the app itself; a
 * text resource; an article only A publishes. `ids` gives every IdKind's value, `markers` the
 * strings that must never appear in an answer on tenant B's host, `idMarkers` the ids that must
 * not appear unless the request itself carried them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { COLLECTION_ROUTES } from '#app/lib/content/collections';
import { pollInputSchema } from '#app/lib/polls/model';
import { e2eData, minutesFromNow, seedEvent } from '../e2e/events-helpers';
import type { IdKind } from './catalog';
import { postChatWithFile } from './chat-seed';
import type { AppInstance } from './instance';
import type { Session } from './sessions';

/** The shop's objects; each is seeded by the module that owns it (issue 15). */
type CommerceIdKind = 'channel' | 'product' | 'order' | 'booking';

export interface SeededTenant {
  /** The unique marker inside every text of A's objects. */
  token: string;
  ids: Record<Exclude<IdKind, 'article' | 'chatFileList' | CommerceIdKind>, string> & Partial<Record<CommerceIdKind, string>>;
  /** Per detail route (/blogDetails…): a slug only A publishes, and its title. */
  articles: Record<string, { slug: string; title: string }>;
  /** A's resource code (sent in batchGet keys) and its text's marker. */
  resourceCode: string;
  markers: string[];
  idMarkers: string[];
}

const alnum = (n: number) => randomBytes(n).toString('hex').slice(0, n);

/** For each article detail route, a slug A has and B has in none of its languages. */
function articlesOnlyIn(a: string, b: string): Record<string, { slug: string; title: string }> {
  const slugs = (tenant: string, collection: string) => {
    const root = join('tenants', tenant, 'content');
    const out = new Map<string, string>();
    for (const lang of existsSync(root) ? readdirSync(root) : []) {
      const dir = join(root, lang, collection);
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
        const title = /^title:\s*"?(.*?)"?\s*$/m.exec(readFileSync(join(dir, file), 'utf8'))?.[1] ?? '';
        out.set(file.replace(/\.md$/, ''), title);
      }
    }
    return out;
  };
  const found: Record<string, { slug: string; title: string }> = {};
  for (const { collection, detail } of Object.values(COLLECTION_ROUTES)) {
    const theirs = slugs(b, collection);
    const only = [...slugs(a, collection)].find(([slug]) => !theirs.has(slug));
    if (only) found[detail] = { slug: only[0], title: only[1] };
  }
  return found;
}

/** Seeds A's objects; the chat message and file go through `app` with the organizer's session. */
export async function seedTenant(app: AppInstance, tenant: string, other: string, organizer: Session): Promise<SeededTenant> {
  const token = `Mx${alnum(12)}`;
  const data = e2eData(tenant);
  const name = `Organizer ${token}`;
  await data.profiles.save(organizer.user.sub, { displayName: `Profile ${token}` });
  const org = { sub: organizer.user.sub, name, email: organizer.user.username, language: 'en' };
  const event = await seedEvent(tenant, org, {
    title: `Title ${token}`,
    description: `Description ${token}`,
    eventDateTime: minutesFromNow(-2),
    layout: 'liveEventsChat',
    hosts: [`host-${token.toLowerCase()}@${tenant}.test.example`],
  });
  const demo = await seedEvent(tenant, org, { title: `Demo ${token}`, eventDateTime: minutesFromNow(-1), layout: 'preBuilt' }, { kind: 'demo', inviteCode: true });
  // A finished media item: its title and file name hold the marker.
  const media = await data.media.create({
    kind: 'document',
    ownerId: organizer.user.sub,
    ownerName: name,
    title: `Media ${token}`,
    visibility: 'tenant',
    original: { fileName: `media-${token}.pdf`, contentType: 'application/pdf', bytes: 10, extension: 'pdf' },
  });
  await data.media.setStatus(media.id, { status: 'ready' });
  const playlist = await data.playlists.create(organizer.user.sub, `Playlist ${token}`);
  // A paid order of the organizer's (payments): its line's title holds the marker.
  const orderId = `ord_${alnum(20)}`;
  await data.orders.create(
    {
      orderId,
      buyerId: organizer.user.sub,
      buyerEmail: organizer.user.username,
      buyerName: name,
      currency: 'USD',
      lines: [{ kind: 'product', refId: `product-${token}`, quantity: 1, title: `Order ${token}`, unitAmount: 1000, sellerId: organizer.user.sub }],
      total: { amount: 1000, currency: 'USD' },
      applicationFee: { amount: 50, currency: 'USD' },
      refunded: { amount: 0, currency: 'USD' },
      status: 'pending',
      provider: 'test',
      returnPath: '/',
      createdAt: new Date().toISOString(),
    },
    `matrix-${token}`,
  );
  // The shop: a channel and a published product whose texts hold the marker.
  const channel = await data.channels.create({ userId: organizer.user.sub, name }, { name: `Channel ${token}`, about: `About ${token}`, introVideoId: null, links: [] }, 'USD');
  const product = await data.products.create(
    { userId: organizer.user.sub },
    { channelId: channel.channelId, title: `Product ${token}`, description: `Product ${token}`, price: 500, images: [], videos: [], audios: [], stock: null, delivers: 'download', mediaIds: [media.id], published: true },
    'USD',
  );
  // A consultation slot held by the organizer's account (tickets: booking ids are checkout's refIds).
  const booking = await data.consultations.hold({
    channelId: `mx-${token}`,
    ownerId: `owner-${token}`,
    buyerId: organizer.user.sub,
    buyerEmail: organizer.user.username,
    buyerName: name,
    start: minutesFromNow(3 * 24 * 60),
    minutes: 30,
    fee: 1000,
    currency: 'USD',
    topic: `Booking ${token}`,
    notes: '',
    buyerTimeZone: 'UTC',
  });
  if (!booking) throw new Error('could not hold a consultation slot for the matrix');
  // A launched poll on the event (its CSV export reads the poll's id).
  const poll = await data.polls.create(event.eventId, pollInputSchema.parse({ question: `Poll ${token}`, options: ['Yes', 'No'] }), organizer.user.sub);
  await data.polls.launch(event.eventId, poll.pollId, null);
  const resourceCode = `mx_${alnum(12)}`;
  await data.resources.put('en', { [resourceCode]: `Resource ${token}` });

  // A chat message with a file, posted the way the browser does it.
  const { key, msgId } = await postChatWithFile(app, tenant, organizer, event.eventId, `Chat ${token}`, Buffer.from(`Notes ${token}\n`));
  const keyId = key.split('/')[3]!;
  return {
    token,
    ids: { event: event.eventId, shortCode: event.shortCode, inviteCode: demo.inviteCode!, chatFile: key, chatMessage: msgId, user: organizer.user.sub, media: media.id, playlist: playlist.id, order: orderId, channel: channel.channelId, product: product.productId, booking: booking.bookingId, poll: poll.pollId },
    articles: articlesOnlyIn(tenant, other),
    resourceCode,
    markers: [token, organizer.user.username, ...Object.values(articlesOnlyIn(tenant, other)).map((a) => a.title)],
    // msgIds are per-event sequence numbers, not secrets: not markers.
    idMarkers: [event.eventId, event.shortCode, demo.eventId, demo.inviteCode!, keyId, organizer.user.sub, resourceCode, media.id, playlist.id, orderId, channel.channelId, product.productId, booking.bookingId, poll.pollId],
  };
}
