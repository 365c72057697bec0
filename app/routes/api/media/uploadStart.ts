// The route module of /api/media/upload/start: starts an upload (a single presigned PUT or a multipart upload id), after the type, size and quota checks (app/lib/media/uploadApi.ts).
export { action, loader } from './uploadStart.server';
