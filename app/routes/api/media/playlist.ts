// The route module of /api/media/playlist: it only re-exports the server-only loader and action.
export { action, loader } from './playlist.server';
