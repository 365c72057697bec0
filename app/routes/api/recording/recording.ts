// The route module of /api/recording: the event's recording state (GET) and start / stop / attach (POST); server/broadcast/recording/api.server.ts.
export { action, loader } from './recording.server';
