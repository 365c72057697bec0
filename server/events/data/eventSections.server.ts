/**
 * The events feature's sections of the tenant-bound data context (server/data/tenantData.server.ts)
 * that are bound outside it: the organizers' channels, each a data module's functions bound to the
 * table and the tenant. Bound here, beside their data module, so no other feature's data section
 * reaches into events for them (docs/decisions/0071).
 */
import type { TenantId } from '#app/lib/config/tenant';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { createChannel, getChannel, listChannels, listChannelsByOwner, setChannelImage, updateChannel } from './channels.server';

/** Channels: organizers' storefronts (docs/decisions/0034). */
export const channels = (db: Database, t: TenantId) => ({
  create: createChannel.bind(null, db, t),
  get: getChannel.bind(null, db, t),
  list: listChannels.bind(null, db, t),
  byOwner: listChannelsByOwner.bind(null, db, t),
  update: updateChannel.bind(null, db, t),
  setImage: setChannelImage.bind(null, db, t),
});
