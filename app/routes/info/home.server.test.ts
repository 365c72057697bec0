import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import type { MediaItem } from '#app/lib/media/model';
import { tenantSchema } from '#app/lib/config/tenant';
import { heroSchema } from '#app/lib/config/home';
import { heroVisual } from './home.server';

const aurora: unknown = JSON.parse(readFileSync(join(process.cwd(), 'tenants', 'aurora', 'tenant.json'), 'utf8'));

const video = (over: Partial<MediaItem>): MediaItem =>
  ({
    id: 'vid1',
    scope: 'tenant',
    kind: 'video',
    ownerId: 'owner',
    ownerName: 'Owner',
    title: 'Loop',
    description: '',
    tags: [],
    visibility: 'public',
    status: 'ready',
    original: { key: 'media/vid1/original.mp4', fileName: 'loop.mp4', contentType: 'video/mp4', bytes: 10 },
    derived: { mp4: { key: 'media/vid1/derived/video.mp4', contentType: 'video/mp4', bytes: 10 } },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...over,
  }) as MediaItem;

function contextWith(item: MediaItem | null) {
  const presigned: string[] = [];
  const context = {
    tenant: tenantSchema.parse(aurora),
    language: 'en',
    data: {
      media: { get: async (id: string) => (item && item.id === id ? item : null) },
      files: {
        presignDownload: async ({ key }: { key: string }) => {
          presigned.push(key);
          return `https://storage.example/${key}?signed`;
        },
      },
    },
  } as unknown as AppLoadContext;
  return { context, presigned };
}

const hero = heroSchema.parse({ style: 'video', mediaId: 'vid1', poster: { src: 'home/poster.webp', alt: { en: 'A stage' }, width: 1280, height: 720 } });

describe('the video hero from the media library', () => {
  it('plays a finished public video through a signed link, after its poster', async () => {
    const { context, presigned } = contextWith(video({}));
    expect(await heroVisual(context, hero)).toEqual({
      style: 'video',
      poster: { src: '/brand/home/poster.webp', alt: 'A stage', width: 1280, height: 720 },
      videoSrc: 'https://storage.example/media/vid1/derived/video.mp4?signed',
    });
    expect(presigned).toEqual(['media/vid1/derived/video.mp4']);
  });

  it('shows the poster alone for a video anonymous visitors may not see, one still processing, or one that is gone', async () => {
    for (const item of [video({ visibility: 'tenant' }), video({ visibility: 'private' }), video({ status: 'processing' }), null]) {
      const { context, presigned } = contextWith(item);
      expect(await heroVisual(context, hero)).toMatchObject({ style: 'video', videoSrc: null });
      expect(presigned).toEqual([]);
    }
  });
});
