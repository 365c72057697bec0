// The route module of /api/media/upload/part: a presigned URL for one part of a multipart upload (app/lib/media/uploadApi.ts).
export { action, loader } from './uploadPart.server';
