// The route module of /api/media/upload/finish: checks the stored file (type by its bytes, size, quotas) and queues its processing (app/lib/media/uploadApi.ts).
export { action, loader } from './uploadFinish.server';
