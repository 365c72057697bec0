// The route module of /api/beacons: it only re-exports the server-only loader and action.
export { action, loader } from './beacons.server';
