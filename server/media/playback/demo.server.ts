/** The player demo's sample among the system media (made by local/stack/sampleVideo.ts). */
import type { MediaItem } from '#app/lib/media/model';
import { PLAYER_DEMO_TAG } from '#app/lib/playback/demo';
import type { TenantData } from '#server/data/tenantData.server';

/** The newest system video tagged for the demo, in any state, or null. */
export async function findPlayerDemo(media: TenantData['media']): Promise<MediaItem | null> {
  const page = await media.list({ kind: 'video', limit: 20, match: (item) => item.tags.includes(PLAYER_DEMO_TAG) });
  return page.items[0] ?? null;
}
