// The route module of /api/media/upload/complete: assembles a multipart upload's parts (app/lib/media/uploadApi.ts).
export { action, loader } from './uploadComplete.server';
