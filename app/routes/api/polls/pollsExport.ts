// The route module of /api/polls/export: one poll's votes as CSV for the event's organizer and hosts; server/polls/api.server.ts.
export { loader } from './pollsExport.server';
