// The loader and action of every live-room layout (server/screens/liveRoom.server.ts).
export { action, loader } from '#server/screens/liveRoom.server';
