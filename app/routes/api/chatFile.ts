// The route module of /api/chat/file: it only re-exports the server-only loader and action.
export { action, loader } from './chatFile.server';
