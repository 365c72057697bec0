/**
 * Rendered inside the LiveKit room (LiveStage): hands the room to the recording provider and
 * passes on every change of the room's metadata (the server writes the recording's state there).
 */
import { useRoomContext } from '@livekit/components-react';
import { RoomEvent } from 'livekit-client';
import { useEffect } from 'react';
import { parseRoomRecordingMeta } from '#app/lib/recording/model';
import { useRecording } from './RecordingProvider';

export function RoomRecordingBridge() {
  const room = useRoomContext();
  const recording = useRecording();
  const setRoom = recording?.setRoom;
  const setLive = recording?.setLive;

  useEffect(() => {
    if (!setRoom || !setLive) return;
    setRoom(room);
    const read = (metadata: string | undefined) => {
      const meta = parseRoomRecordingMeta(metadata);
      if (meta) setLive(meta);
    };
    read(room.metadata);
    const onChange = (metadata: string) => read(metadata);
    const onConnected = () => read(room.metadata);
    room.on(RoomEvent.RoomMetadataChanged, onChange);
    room.on(RoomEvent.Connected, onConnected);
    return () => {
      room.off(RoomEvent.RoomMetadataChanged, onChange);
      room.off(RoomEvent.Connected, onConnected);
      setRoom(null);
    };
  }, [room, setRoom, setLive]);
  return null;
}
