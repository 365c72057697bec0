/**
 * The home page's sections in the tenant's order (docs/decisions/0038-home-layout.md). The page is
 * one document for every visitor and sits in the anonymous render cache (0002), so everything
 * here is read as an anonymous visitor would see it: listed (public) events, public finished
 * videos, the tenant's channels where its shop is on; never anything of the person asking.
 */
import type { AppLoadContext } from '@remix-run/node';
import { localize, type Tenant } from '#app/lib/config/tenant';
import type { HomeSection, HeroImage } from '#app/lib/config/home';
import type { HomeSectionView, HomeImage, FeaturedEvent, FeaturedTile } from '#app/lib/home/view';
import { eventStatus } from '#app/lib/events/model';
import { channelHref } from '#app/lib/shop/links';
import { playbackHref } from '#app/lib/ondemand/catalog';
import { isSharedWith } from '#server/media/index.server';
import { mediaAccess } from '#server/media/index.server';
import { eventImageUrl, toCard } from '#server/events/index.server';
import { log } from '#server/observability/log.server';
import { hasShop } from '#server/commerce/index.server';

/** Long enough to outlive a cached render of the page that carries it. */
const URL_SECONDS = 3600;

const brandUrl = (file: string) => `/brand/${file}`;

/** Text of the page language, else the tenant's default. */
export function textIn(context: Pick<AppLoadContext, 'tenant' | 'language'>) {
  return (text: Parameters<typeof localize>[0]) => localize(text, context.language, context.tenant.languages.default);
}

export function homeImage(context: Pick<AppLoadContext, 'tenant' | 'language'>, image: HeroImage): HomeImage {
  return { src: brandUrl(image.src), alt: textIn(context)(image.alt), width: image.width, height: image.height };
}

/** Upcoming listed events with their poster (else banner, else thumbnail); null when the store cannot be reached. */
async function featuredEvents(context: AppLoadContext, limit: number): Promise<FeaturedEvent[] | null> {
  const now = Date.now();
  try {
    const page = await context.data.events.list({ now, limit });
    return await Promise.all(
      page.items.map(async (event) => ({
        ...(await toCard(event, now, context.data.files)),
        posterUrl: await eventImageUrl(context.data.files, event.images.poster ?? event.images.banner ?? event.images.thumbnail),
        status: eventStatus(event, now),
      })),
    );
  } catch (error) {
    log.error('listing featured events failed', error);
    return null;
  }
}

async function featuredChannels(context: AppLoadContext, limit: number): Promise<FeaturedTile[]> {
  // Channel pages exist only where the shop is on: without it the section has nothing to link to.
  if (!hasShop(context)) return [];
  const channels = (await context.data.channels.list()).slice(0, limit);
  return Promise.all(
    channels.map(async (channel) => ({
      id: channel.channelId,
      title: channel.name,
      subtitle: channel.ownerName,
      text: channel.about,
      imageUrl: await eventImageUrl(context.data.files, channel.banner.poster ?? channel.banner.banner ?? channel.avatar.poster ?? channel.avatar.thumbnail),
      href: channelHref(channel.channelId),
      durationSeconds: null,
    })),
  );
}

async function featuredReplays(context: AppLoadContext, limit: number): Promise<FeaturedTile[]> {
  // What an anonymous visitor may see (the home page is one render for everyone): a paid event's replay never.
  const anyone = mediaAccess(context.data, null);
  const page = await context.data.media.list({ kind: 'video', limit, match: (item) => item.scope === 'tenant' && isSharedWith(anyone, item) });
  return Promise.all(
    page.items.map(async (item) => ({
      id: item.id,
      title: item.title,
      subtitle: item.ownerName,
      text: item.description,
      imageUrl: item.derived.poster ? await context.data.files.presignDownload({ key: item.derived.poster.key, expiresIn: URL_SECONDS }) : null,
      href: playbackHref('video', item.id),
      durationSeconds: item.derived.durationSeconds ?? null,
    })),
  );
}

/** A section that fails to load or has nothing to show is left out (null), so the page has no empty band. */
async function tiles(load: () => Promise<FeaturedTile[]>, what: string): Promise<FeaturedTile[] | null> {
  try {
    const items = await load();
    return items.length ? items : null;
  } catch (error) {
    log.error(`listing ${what} for the home page failed`, error);
    return null;
  }
}

/** One section's view; null leaves it out. */
export async function loadSection(context: AppLoadContext, section: HomeSection, bodyHtml: string): Promise<HomeSectionView | null> {
  const text = textIn(context);
  const tenant: Tenant = context.tenant;
  const title = 'title' in section && section.title ? text(section.title) : null;
  switch (section.type) {
    case 'body':
      return bodyHtml.trim() ? { type: 'body', html: bodyHtml } : null;
    case 'featuredEvents':
      return { type: 'featuredEvents', title, events: await featuredEvents(context, section.limit) };
    case 'featuredChannels': {
      const items = await tiles(() => featuredChannels(context, section.limit), 'channels');
      return items && { type: 'featuredChannels', title, items };
    }
    case 'featuredReplays': {
      const items = await tiles(() => featuredReplays(context, section.limit), 'replays');
      return items && { type: 'featuredReplays', title, items };
    }
    case 'testimonials':
      return {
        type: 'testimonials',
        title,
        items: (tenant.home?.testimonials ?? []).map((t) => ({ quote: text(t.quote), name: t.name, role: t.role ? text(t.role) : null })),
      };
    case 'partners':
      return {
        type: 'partners',
        title,
        items: tenant.partners.map((p) => ({ name: p.name, url: p.url, logo: p.logo ? brandUrl(p.logo) : null })),
      };
    case 'cta':
      return { type: 'cta', title: text(section.title), text: section.text ? text(section.text) : null, action: { label: text(section.action.label), to: section.action.to } };
    case 'stats':
      return { type: 'stats', title, items: section.items.map((item) => ({ value: item.value, label: text(item.label) })) };
  }
}
