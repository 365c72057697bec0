// The route module of /api/media/upload/abort: cancels an upload; nothing of it is kept (app/lib/media/uploadApi.ts).
export { action, loader } from './uploadAbort.server';
