// The route module of /api/channels: it only re-exports the server-only loader and action.
export { action, loader } from './channels.server';
