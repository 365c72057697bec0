// The route module of /api/breakouts/token: it only re-exports the server-only loader and action.
export { action, loader } from './breakoutsToken.server';
