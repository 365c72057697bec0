// The route module of /api/tickets/ics: it only re-exports the server-only loader.
export { loader } from './ticketsIcs.server';
