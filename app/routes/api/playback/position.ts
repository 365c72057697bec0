// The route module of /api/playback/position: it only re-exports the server-only loader and action.
export { action, loader } from './position.server';
