// The route module of /api/media/zip: it only re-exports the server-only loader and action.
export { action, loader } from './zip.server';
