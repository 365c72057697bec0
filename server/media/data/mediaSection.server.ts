/**
 * The tenant's media library as `context.data.media` (server/data/tenantData.server.ts binds the
 * tenant once, docs/decisions/0018): items, uploads and their quota, sharing, captions.
 */
import type { TenantId } from '#app/lib/config/tenant';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { removeMediaCaptions, setMediaCaptions } from './mediaCaptions.server';
import { findPitchDeck, listSharedMedia } from './mediaShared.server';
import { addMediaUsage, createMediaItem, deleteMediaItem, editMediaItem, getMediaItem, listEventMedia, listMedia, mediaUsage, setMediaStatus } from './media.server';
import * as uploads from './mediaUploads.server';

export const mediaSection = (db: Database, t: TenantId) => ({
  create: createMediaItem.bind(null, db, t),
  get: getMediaItem.bind(null, db, t),
  list: listMedia.bind(null, db, t),
  edit: editMediaItem.bind(null, db, t),
  setStatus: setMediaStatus.bind(null, db, t),
  delete: deleteMediaItem.bind(null, db, t),
  usage: mediaUsage.bind(null, db, t),
  addUsage: addMediaUsage.bind(null, db, t),
  /** Uploads in progress and their quota reservations (mediaUploads.server.ts, docs/decisions/0060). */
  startUpload: uploads.startMediaUpload.bind(null, db, t),
  reserveUpload: uploads.reserveMediaUpload.bind(null, db, t),
  reservation: uploads.getUploadReservation.bind(null, db, t),
  settleUpload: uploads.settleUploadReservation.bind(null, db, t),
  staleUploads: uploads.staleUploadReservations.bind(null, db, t),
  quotaUse: uploads.mediaQuotaUse.bind(null, db, t),
  registerUploadId: uploads.registerUploadId.bind(null, db, t),
  uploadIds: uploads.itemUploadIds.bind(null, db, t),
  /** An event's items (recordings, kept broadcasts), newest first. */
  forEvent: listEventMedia.bind(null, db, t),
  /** The finished items a viewer may see (app/lib/media/sharing.ts), newest first. */
  shared: listSharedMedia.bind(null, db, t),
  /** The tenant's pitch deck for a viewer (the newest document tagged pitch-deck). */
  pitchDeck: findPitchDeck.bind(null, db, t),
  /** Records an item's captions track in a language (the .vtt stored first at captionsKey through files.put). */
  setCaptions: setMediaCaptions.bind(null, db, t),
  removeCaptions: removeMediaCaptions.bind(null, db, t),
});
