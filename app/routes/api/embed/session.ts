// The route module of /api/embed/session: it only re-exports the server-only loader and action.
export { action, loader } from './session.server';
