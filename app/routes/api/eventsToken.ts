// The route module of /api/events/token: it only re-exports the server-only loader and action.
export { action, loader } from './eventsToken.server';
