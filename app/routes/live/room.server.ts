// The loader and action of every live-room layout (server/rooms/liveRoom.server.ts).
export { action, loader } from '#server/rooms/liveRoom.server';
