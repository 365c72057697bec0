// The route module of /api/polls: an event's live polls (read; create, launch, close, share; vote); server/polls/api.server.ts.
export { action, loader } from './polls.server';
