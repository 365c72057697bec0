/**
 * What the home page's loader hands its components (docs/decisions/0038-home-layout.md): the
 * tenant's layout resolved for one language, with image URLs the browser may load.
 */
import type { EventCardData } from '#app/lib/events/cards';
import type { FooterStyle } from '#app/lib/config/home';

/** An image with its pixel size, so the page reserves its space before it loads. */
export interface HomeImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface HeroCta {
  label: string;
  to: string;
}

/** The hero's words (from home.md) and its look (from the layout). */
export interface HeroView {
  eyebrow: string | null;
  headline: string;
  lead: string | null;
  primary: HeroCta | null;
  secondary: HeroCta | null;
  visual:
    | { style: 'banner' }
    | { style: 'image'; image: HomeImage }
    | { style: 'video'; poster: HomeImage; videoSrc: string | null }
    | { style: 'split'; image: HomeImage; imageSide: 'start' | 'end' }
    | { style: 'centred'; pattern: string; image: HomeImage | null };
}

/** A listed event with its largest image, for the featured events section. */
export interface FeaturedEvent extends EventCardData {
  posterUrl: string | null;
}

/** A channel or a replay. */
export interface FeaturedTile {
  id: string;
  title: string;
  subtitle: string;
  text: string;
  imageUrl: string | null;
  href: string;
  durationSeconds: number | null;
}

export type HomeSectionView =
  | { type: 'body'; html: string }
  | { type: 'featuredEvents'; title: string | null; events: FeaturedEvent[] | null }
  | { type: 'featuredChannels'; title: string | null; items: FeaturedTile[] }
  | { type: 'featuredReplays'; title: string | null; items: FeaturedTile[] }
  | { type: 'testimonials'; title: string | null; items: { quote: string; name: string; role: string | null }[] }
  | { type: 'partners'; title: string | null; items: { name: string; url: string; logo: string | null }[] }
  | { type: 'cta'; title: string; text: string | null; action: HeroCta }
  | { type: 'stats'; title: string | null; items: { value: string; label: string }[] };

export type { FooterStyle };
