// The route module of /api/media/status: it only re-exports the server-only loader and action.
export { action, loader } from './status.server';
