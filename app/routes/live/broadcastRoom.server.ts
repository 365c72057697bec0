// The loader and action of /lbc and /hbc: the room's own (server/rooms/liveRoom.server.ts).
export { action, loader } from '#server/rooms/liveRoom.server';
