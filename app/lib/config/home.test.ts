import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tenantSchema } from './tenant';
import { DEFAULT_HOME } from './home';

const aurora = JSON.parse(readFileSync(join(import.meta.dirname, '../../../tenants/aurora/tenant.json'), 'utf8')) as Record<string, unknown>;
const { home: _sample, ...withoutHome } = aurora;

/** The messages of a refused tenant, each prefixed with the field path it names. */
function problems(home: unknown, extra: Record<string, unknown> = {}): string[] {
  const parsed = tenantSchema.safeParse({ ...withoutHome, ...extra, home });
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const image = { src: 'home/hero.webp', alt: { en: 'A stage' }, width: 1600, height: 900 };

describe('tenant home layout', () => {
  it('a tenant without a home block gets the layout it had before', () => {
    const tenant = tenantSchema.parse(withoutHome);
    expect(tenant.home).toBeUndefined();
    expect(DEFAULT_HOME).toEqual({ hero: { style: 'banner' }, sections: [{ type: 'body' }, { type: 'featuredEvents', limit: 3 }], testimonials: [], footer: 'columns' });
  });

  it('takes the sample layouts and fills the defaults', () => {
    const tenant = tenantSchema.parse(aurora);
    expect(tenant.home?.hero.style).toBe('video');
    expect(tenant.home?.sections.find((s) => s.type === 'featuredReplays')).toMatchObject({ limit: 3 });
    expect(tenantSchema.parse({ ...withoutHome, home: { footer: 'compact' } }).home).toMatchObject({ hero: { style: 'banner' }, footer: 'compact' });
  });

  it('refuses a video hero with no video, naming both ways to give one', () => {
    expect(problems({ hero: { style: 'video', poster: image } })).toEqual([
      'home.hero.video: a video hero needs exactly one of "video" (a file under assets/) or "mediaId" (a media library item)',
    ]);
  });

  it('refuses an image hero without its pixel size, and an image that is not an image file', () => {
    expect(problems({ hero: { style: 'image', image: { src: 'home/hero.webp', alt: 'A stage' } } })).toEqual([
      'home.hero.image.width: Invalid input: expected number, received undefined',
      'home.hero.image.height: Invalid input: expected number, received undefined',
    ]);
    expect(problems({ hero: { style: 'split', image: { ...image, src: 'home/hero.gif' } } })).toEqual([
      'home.hero.image.src: must be an image file (svg, png, jpg, webp) under the tenant assets/ folder',
    ]);
  });

  it('refuses a section listed twice, an unknown section and a limit out of range', () => {
    expect(problems({ sections: [{ type: 'body' }, { type: 'body' }] })).toEqual(['home.sections.1.type: section "body" is listed twice: each section may appear once']);
    expect(problems({ sections: [{ type: 'carousel' }] })).toEqual([
      "home.sections.0.type: Invalid discriminator value. Expected 'body' | 'featuredEvents' | 'featuredChannels' | 'featuredReplays' | 'testimonials' | 'partners' | 'cta' | 'stats'",
    ]);
    expect(problems({ sections: [{ type: 'featuredEvents', limit: 40 }] })).toEqual(['home.sections.0.limit: Too big: expected number to be <=12']);
  });

  it('refuses testimonials and partners sections with nothing to show', () => {
    expect(problems({ sections: [{ type: 'testimonials' }] })).toEqual(['home.testimonials: the "testimonials" section needs at least one entry in home.testimonials']);
    expect(problems({ sections: [{ type: 'partners' }] }, { partners: [] })).toEqual(['home.sections: the home "partners" section needs at least one entry in partners']);
  });

  it('refuses a call to action that leaves the site and an unknown footer style', () => {
    expect(problems({ sections: [{ type: 'cta', title: 'Go', action: { label: 'Go', to: 'https://elsewhere.example' } }] })).toEqual([
      'home.sections.0.action.to: must be a path on this site starting with "/" such as /pricing',
    ]);
    expect(problems({ footer: 'mega' })).toEqual(['home.footer: Invalid option: expected one of "columns"|"compact"|"centred"']);
  });
});
