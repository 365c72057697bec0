/**
 * A tenant's home page layout and footer style (docs/decisions/0038-home-layout.md): the hero,
 * which sections follow it and in what order, and the testimonials they quote. Every field has a
 * default that renders the home page as it looked before the block existed.
 */
import { z } from 'zod';
import { localizedTextSchema as localizedText } from './localized';

export const imageAssetSchema = z
  .string()
  .regex(/^[A-Za-z0-9._/-]+\.(svg|png|jpg|jpeg|webp)$/, 'must be an image file (svg, png, jpg, webp) under the tenant assets/ folder');

export const videoAssetSchema = z.string().regex(/^[A-Za-z0-9._/-]+\.(mp4|webm)$/, 'must be a video file (mp4 or webm) under the tenant assets/ folder');

/** Internal links only: a CTA never sends a visitor to another site. */
const internalPath = z.string().regex(/^\/(?!\/)[^\s]*$/, 'must be a path on this site starting with "/" such as /pricing');

/** An image from the tenant's assets, with its pixel size so the page reserves its space before it loads. */
export const heroImageSchema = z.object({
  src: imageAssetSchema,
  alt: localizedText,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type HeroImage = z.infer<typeof heroImageSchema>;

export const HERO_STYLES = ['banner', 'image', 'video', 'split', 'centred'] as const;
export type HeroStyle = (typeof HERO_STYLES)[number];

/** Backdrops of the centred hero, drawn in CSS from the theme's brand colours. */
export const HERO_PATTERNS = ['glow', 'dots', 'grid', 'waves'] as const;

export const heroSchema = z.discriminatedUnion('style', [
  /** Text on a soft brand gradient: the home page before layouts existed. */
  z.object({ style: z.literal('banner') }).strict(),
  /** Text over a full-width image, darkened for contrast. */
  z.object({ style: z.literal('image'), image: heroImageSchema }).strict(),
  /**
   * A muted looping video behind the text: a file from the tenant's assets or a public, finished
   * video of the tenant's media library. The poster shows first, and alone for visitors who ask
   * for reduced motion.
   */
  z
    .object({
      style: z.literal('video'),
      video: videoAssetSchema.optional(),
      mediaId: z.string().min(1).optional(),
      poster: heroImageSchema,
    })
    .strict()
    .refine((hero) => (hero.video === undefined) !== (hero.mediaId === undefined), {
      message: 'a video hero needs exactly one of "video" (a file under assets/) or "mediaId" (a media library item)',
      path: ['video'],
    }),
  /** Text beside an image. */
  z.object({ style: z.literal('split'), image: heroImageSchema, imageSide: z.enum(['start', 'end']).default('end') }).strict(),
  /** Text centred over a gradient or pattern, with an optional illustration below it. */
  z.object({ style: z.literal('centred'), pattern: z.enum(HERO_PATTERNS).default('glow'), image: heroImageSchema.optional() }).strict(),
]);
export type Hero = z.infer<typeof heroSchema>;

const title = localizedText.optional();
const limit = (fallback: number) => z.number().int().min(1).max(12).default(fallback);

export const HOME_SECTION_TYPES = ['body', 'featuredEvents', 'featuredChannels', 'featuredReplays', 'testimonials', 'partners', 'cta', 'stats'] as const;
export type HomeSectionType = (typeof HOME_SECTION_TYPES)[number];

export const homeSectionSchema = z.discriminatedUnion('type', [
  /** The tenant's home.md body. */
  z.object({ type: z.literal('body') }).strict(),
  /** Upcoming public events with their posters. */
  z.object({ type: z.literal('featuredEvents'), title, limit: limit(3) }).strict(),
  /** The tenant's channels (organizers' storefronts). */
  z.object({ type: z.literal('featuredChannels'), title, limit: limit(3) }).strict(),
  /** Public on-demand videos (recordings and uploads). */
  z.object({ type: z.literal('featuredReplays'), title, limit: limit(3) }).strict(),
  /** The quotes in home.testimonials. */
  z.object({ type: z.literal('testimonials'), title }).strict(),
  /** The logos of the tenant's partners. */
  z.object({ type: z.literal('partners'), title }).strict(),
  /** A call-to-action band. */
  z
    .object({
      type: z.literal('cta'),
      title: localizedText,
      text: localizedText.optional(),
      action: z.object({ label: localizedText, to: internalPath }).strict(),
    })
    .strict(),
  /** A row of figures. */
  z
    .object({
      type: z.literal('stats'),
      title,
      items: z
        .array(z.object({ value: z.string().min(1).max(12), label: localizedText }).strict())
        .min(2, 'show at least 2 figures')
        .max(4, 'show at most 4 figures'),
    })
    .strict(),
]);
export type HomeSection = z.infer<typeof homeSectionSchema>;

export const testimonialSchema = z
  .object({
    quote: localizedText,
    name: z.string().min(1).max(80),
    role: localizedText.optional(),
  })
  .strict();
export type Testimonial = z.infer<typeof testimonialSchema>;

export const FOOTER_STYLES = ['columns', 'compact', 'centred'] as const;
export type FooterStyle = (typeof FOOTER_STYLES)[number];

/** The sections of a home page without a layout: the page as it was before layouts. */
export const DEFAULT_HOME_SECTIONS: HomeSection[] = [{ type: 'body' }, { type: 'featuredEvents', limit: 3 }];

export const homeSchema = z
  .object({
    hero: heroSchema.default({ style: 'banner' }),
    sections: z
      .array(homeSectionSchema)
      .min(1, 'list at least one section')
      .default(DEFAULT_HOME_SECTIONS)
      .superRefine((sections, ctx) => {
        const seen = new Set<string>();
        sections.forEach((section, i) => {
          if (seen.has(section.type)) {
            ctx.addIssue({ code: 'custom', message: `section "${section.type}" is listed twice: each section may appear once`, path: [i, 'type'] });
          }
          seen.add(section.type);
        });
      }),
    testimonials: z.array(testimonialSchema).max(6, 'show at most 6 testimonials').default([]),
    footer: z.enum(FOOTER_STYLES).default('columns'),
  })
  .strict()
  .refine((home) => !home.sections.some((s) => s.type === 'testimonials') || home.testimonials.length > 0, {
    message: 'the "testimonials" section needs at least one entry in home.testimonials',
    path: ['testimonials'],
  });
export type HomeLayout = z.infer<typeof homeSchema>;

/** The layout of a tenant without a home block. */
export const DEFAULT_HOME: HomeLayout = homeSchema.parse({});

/** Asset files a layout names, by field path, for the checks that the files exist. */
export function homeAssetFields(home: HomeLayout | undefined): Array<[string, string | undefined]> {
  if (!home) return [];
  const hero = home.hero;
  // Paths inside the block, prefixed below (written whole they would read as translation keys).
  const fields: Array<[string, string | undefined]> = [];
  if (hero.style === 'image' || hero.style === 'split' || hero.style === 'centred') fields.push(['hero.image.src', hero.image?.src]);
  if (hero.style === 'video') fields.push(['hero.poster.src', hero.poster.src], ['hero.video', hero.video]);
  return fields.map(([path, file]) => [['home', path].join('.'), file]);
}
