// The route module of /api/media/items: it only re-exports the server-only loader and action.
export { action, loader } from './items.server';
