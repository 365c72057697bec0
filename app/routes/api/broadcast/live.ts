// The route module of /api/broadcast/live: it only re-exports the server-only loader and action.
export { action, loader } from './live.server';
