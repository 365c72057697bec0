// The loader and action of /lbc and /hbc: the room's own (server/screens/liveRoom.server.ts).
export { action, loader } from '#server/screens/liveRoom.server';
