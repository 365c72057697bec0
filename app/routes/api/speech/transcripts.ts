// The route module of /api/transcripts: the person's transcript of an item (GET) and starting one (POST).
export { action, loader } from './transcripts.server';
