// The route module of /api/speech/tts: it only re-exports the server-only loader and action.
export { action, loader } from './ttsDownload.server';
