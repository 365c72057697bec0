// The route module of /api/chat/upload: it only re-exports the server-only loader and action.
export { action, loader } from './chatUpload.server';
