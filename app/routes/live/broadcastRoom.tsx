/**
 * /lbc and /hbc: the room with the event's live broadcast above the stage (docs/decisions/0029).
 * The same room as routes/live/room.tsx, which gives it the broadcast player; a route module of
 * its own so the other layouts carry neither the player nor its strings (docs/decisions/0024).
 */
import { LiveBroadcast } from '#app/components/broadcast/LiveBroadcast';
import { BroadcastView } from '#app/components/live/room/broadcastView';
import { stageHandle } from '#app/lib/handles';
import Room from './room';

export { action, loader } from './broadcastRoom.server';
export { links, meta, shouldRevalidate } from './room';
export const handle = stageHandle('chat', 'events', 'live', 'recording', 'donations', 'broadcast', 'player');

export default function BroadcastRoom() {
  return (
    <BroadcastView.Provider value={LiveBroadcast}>
      <Room />
    </BroadcastView.Provider>
  );
}
