// The route module of /api/waitingRoom: an event's waiting room (the caller's standing, knocking, the hosts' admit and deny); server/rooms/waitingRoom.server.ts.
export { action, loader } from './waitingRoom.server';
