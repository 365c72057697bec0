// The route module of /api/transcripts/captions: attaching a transcript or a WebVTT file as an item's captions.
export { action } from './transcriptCaptions.server';
