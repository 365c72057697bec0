/**
 * Streams the person's own microphone to the captions socket while they publish it in a room with
 * captions on (docs/decisions/0048): the LiveKit microphone track → an AudioWorklet (16 kHz s16le,
 * pcmWorklet.js) → binary frames. Muting sends `pause` (what was said becomes final) and stops the
 * audio; a dropped connection comes back with a growing delay; a refusal (4xxx) is final, except
 * `busy` (every caption slot of the server's speech workers taken, docs/decisions/0099): the speaker
 * is told so on the stage and the page asks again every CAPTIONS_BUSY_RETRY_MS.
 * Otherwise renders nothing but a marker tests wait on.
 */
import { Box, Text } from '@chakra-ui/react';
import { useLocalParticipant, useLocalParticipantPermissions } from '@livekit/components-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNamespace } from '#app/lib/i18n/routeNamespaces';
import { CAPTIONS_BUSY_RETRY_MS, CAPTIONS_CLOSE, captionsSocketUrl } from '#app/lib/captions/protocol';
// no-inline: a small file would become a data: URL, which the document's CSP does not run.
import workletUrl from './pcmWorklet.js?url&no-inline';

type StreamState = 'idle' | 'connecting' | 'streaming' | 'busy' | 'refused';

function backoffMs(attempt: number) {
  return Math.min(15_000, 500 * 2 ** attempt);
}

/** Runs while `track` is live: returns the stop function. */
function streamTrack(eventId: string, track: MediaStreamTrack, onState: (state: StreamState, detail?: string) => void): () => void {
  let stopped = false;
  let ws: WebSocket | null = null;
  let attempt = 0;
  let retry: number | undefined;
  const context = new AudioContext();
  let source: MediaStreamAudioSourceNode | null = null;
  let node: AudioWorkletNode | null = null;

  const connect = () => {
    if (stopped) return;
    onState('connecting');
    const socket = new WebSocket(captionsSocketUrl(window.location, eventId));
    socket.binaryType = 'arraybuffer';
    ws = socket;
    socket.onmessage = (e: MessageEvent) => {
      if (typeof e.data !== 'string') return;
      try {
        const frame = JSON.parse(e.data) as { type?: string };
        if (frame.type === 'ready') {
          attempt = 0;
          onState('streaming');
        }
      } catch {
        // not a frame of ours
      }
    };
    socket.onclose = (e: CloseEvent) => {
      if (ws === socket) ws = null;
      if (stopped) return;
      if (e.code === CAPTIONS_CLOSE.busy) {
        onState('busy', `${e.code} ${e.reason}`);
        retry = window.setTimeout(connect, CAPTIONS_BUSY_RETRY_MS);
        return;
      }
      if (e.code >= 4000 && e.code < 5000) return onState('refused', `${e.code} ${e.reason}`);
      onState('connecting');
      retry = window.setTimeout(connect, backoffMs(attempt++));
    };
  };

  void (async () => {
    try {
      await context.audioWorklet.addModule(workletUrl);
      if (stopped) return;
      source = context.createMediaStreamSource(new MediaStream([track]));
      node = new AudioWorkletNode(context, 'captions-pcm', { numberOfInputs: 1, numberOfOutputs: 1, channelCount: 1 });
      node.port.onmessage = (e: MessageEvent<ArrayBuffer>) => {
        if (ws?.readyState === WebSocket.OPEN && track.enabled && !track.muted) ws.send(e.data);
      };
      source.connect(node);
      // A node is only processed when it leads to the destination; it writes silence there.
      node.connect(context.destination);
      await context.resume().catch(() => undefined);
      connect();
    } catch (e) {
      console.warn('[captions] the microphone cannot be streamed for captions', e);
      onState('refused', (e as Error).name || 'audio');
    }
  })();

  return () => {
    stopped = true;
    window.clearTimeout(retry);
    const socket = ws;
    ws = null;
    if (socket?.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: 'pause' }));
      socket.close(1000, 'stopped');
    } else socket?.close();
    source?.disconnect();
    node?.disconnect();
    void context.close().catch(() => undefined);
  };
}

export function CaptionPublisher({ eventId }: { eventId: string }) {
  const { microphoneTrack, isMicrophoneEnabled } = useLocalParticipant();
  const permissions = useLocalParticipantPermissions();
  const track = microphoneTrack?.track?.mediaStreamTrack ?? null;
  const live = Boolean(track) && isMicrophoneEnabled && (permissions?.canPublish ?? false);
  const [state, setState] = useState<{ state: StreamState; detail?: string }>({ state: 'idle' });

  useEffect(() => {
    if (!live || !track) {
      setState({ state: 'idle' });
      return;
    }
    return streamTrack(eventId, track, (next, detail) => setState({ state: next, detail }));
  }, [eventId, live, track]);

  // The state (and why a refusal happened: a close code, or the audio error's name) for tests and support.
  const marker = <span hidden data-testid="captions-publisher" data-state={state.state} data-detail={state.detail} />;
  return state.state === 'busy' ? (
    <>
      {marker}
      <CaptionsFull />
    </>
  ) : (
    marker
  );
}

/** Said to the speaker whose microphone the server cannot caption now (the room's other captions go on). */
function CaptionsFull() {
  const { t } = useTranslation();
  const stringsIn = useNamespace('captions');
  if (!stringsIn) return null;
  return (
    <Box position="absolute" top="2" insetStart="2" insetEnd="14" zIndex="2" display="flex" pointerEvents="none">
      <Text role="status" bg="blackAlpha.800" color="white" fontSize={{ base: 'xs', md: 'sm' }} px="3" py="1.5" borderRadius="l2" maxW="32rem" data-testid="captions-busy">
        {t('captions.busy')}
      </Text>
    </Box>
  );
}
