// The route module of /api/media/upload/sign: a presigned URL for one S3 call of an upload on the item's own key (app/lib/media/uploadApi.ts).
export { action, loader } from './uploadSign.server';
