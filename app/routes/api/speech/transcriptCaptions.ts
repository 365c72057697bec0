// The route module of /api/transcripts/captions: attaching a transcript or a WebVTT file as an item's captions.
export { attachCaptionsAction as action } from '#server/speech/api/transcripts.server';
