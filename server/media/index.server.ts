/** The media feature's public surface: what other features may use of it (docs/ARCHITECTURE.md, Features). */
export { canManageMedia, mayViewMedia, mediaAccess } from './access.server';
export { mediaFolder } from './data/media.server';
export { captionsKey } from './data/mediaCaptions.server';
export { isSharedWith } from './data/mediaShared.server';
export { isLibraryUser } from './libraryApi.server';
export { uploadFromFile } from './objects.server';
export { recordingStartMs } from './ondemand/eventVod.server';
export { channelIntroVideo } from './ondemand/intro.server';
export { type MediaQueue, createMediaQueue } from './queue.server';
export { startProcessing } from './startProcessing.server';
export { renditionHeights } from './video.server';
