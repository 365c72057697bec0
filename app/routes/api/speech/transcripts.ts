// The route module of /api/transcripts: the person's transcript of an item (GET) and starting one (POST).
export { transcriptLoader as loader, startTranscriptAction as action } from '#server/speech/api/transcripts.server';
