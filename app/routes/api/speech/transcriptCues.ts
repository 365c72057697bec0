// The route module of /api/transcripts/cues: saving a finished transcript's edited cues.
export { action } from './transcriptCues.server';
