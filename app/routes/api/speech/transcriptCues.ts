// The route module of /api/transcripts/cues: saving a finished transcript's edited cues.
export { saveCuesAction as action } from '#server/speech/api/transcripts.server';
