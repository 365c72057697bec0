// The route module of /api/recording/restream: an event's RTMP restream destinations (keys masked) and their start / stop; server/broadcast/recording/api.server.ts.
export { action, loader } from './restream.server';
