// The route module of /api/media/upload/parts: the parts storage already holds (resume after a reload) (app/lib/media/uploadApi.ts).
export { action, loader } from './uploadParts.server';
