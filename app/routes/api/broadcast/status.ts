// The route module of /api/broadcast/status: it only re-exports the server-only loader and action.
export { action, loader } from './status.server';
