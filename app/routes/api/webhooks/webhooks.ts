// The route module of /api/webhooks: it only re-exports the server-only loader and action.
export { action, loader } from './webhooks.server';
