// The route module of /api/media/playlists: it only re-exports the server-only loader and action.
export { action, loader } from './playlists.server';
