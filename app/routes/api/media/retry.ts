// The route module of /api/media/retry: it only re-exports the server-only loader and action.
export { action, loader } from './retry.server';
