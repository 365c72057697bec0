// Server side of the route module beside it (server/speech/api/transcripts.server.ts).
export { saveCuesAction as action } from '#server/speech/api/transcripts.server';
