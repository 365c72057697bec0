// The route module of /api/events/room: it only re-exports the server-only loader and action.
export { action, loader } from './eventsRoom.server';
