// The route module of /api/breakouts: it only re-exports the server-only loader and action.
export { action, loader } from './breakouts.server';
