/**
 * The room's live reactions in the browser (docs/decisions/0079): what the stage shows of the
 * counts the chat socket brings (floating emoji, or with `prefers-reduced-motion` a still count per
 * emoji), and sending one, within the same allowance the server keeps so no click is sent only to
 * be dropped. The bar and the floaters share this state: the stage area owns it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useOptionalChat } from '#app/components/chat/useChat';
import { addStillCounts, expireStillCounts, noFloaters, removeFloater, spawnFloaters, type Floaters, type StillCounts } from '#app/lib/reactions/floaters';
import { REACTION_RATE, countTotal, type ReactionEmoji } from '#app/lib/reactions/protocol';
import { TokenBucket } from '#app/lib/reactions/tokenBucket';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the person asked their system for less motion (false on the server and before mount). */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION);
    setReduced(query.matches);
    const onChange = (e: MediaQueryListEvent) => setReduced(e.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

export interface RoomReactions {
  /** Reactions are on here and the server has not said otherwise. */
  shown: boolean;
  /** The chat is connected: a reaction can be sent now. */
  canSend: boolean;
  reducedMotion: boolean;
  floaters: Floaters;
  still: StillCounts;
  /** How many reactions have arrived since the page opened (the tests wait on it). */
  received: number;
  send: (emoji: ReactionEmoji) => void;
  floated: (id: number) => void;
}

export function useRoomReactions(enabled: boolean): RoomReactions {
  const chat = useOptionalChat();
  const reducedMotion = usePrefersReducedMotion();
  const [refused, setRefused] = useState(false);
  const [floaters, setFloaters] = useState<Floaters>(noFloaters);
  const [still, setStill] = useState<StillCounts>({});
  const [received, setReceived] = useState(0);
  const bucket = useRef<TokenBucket | null>(null);
  const reducedRef = useRef(reducedMotion);
  reducedRef.current = reducedMotion;
  const shown = enabled && !refused && chat !== null;

  const onReactions = chat?.onReactions;
  useEffect(() => {
    if (!enabled || !onReactions) return;
    return onReactions((frame) => {
      if (frame.type === 'reactionsOff') {
        // The organizer switched them off since the page loaded: the bar goes away.
        setRefused(true);
        return;
      }
      const now = Date.now();
      setReceived((n) => n + countTotal(frame.counts));
      if (reducedRef.current) setStill((s) => addStillCounts(s, frame.counts, now));
      else setFloaters((f) => spawnFloaters(f, frame.counts, now));
    });
  }, [enabled, onReactions]);

  // Still counts clear a few seconds after their emoji's last reaction.
  const stillShown = Object.keys(still).length > 0;
  useEffect(() => {
    if (!stillShown) return;
    const timer = window.setInterval(() => setStill((s) => expireStillCounts(s, Date.now())), 1000);
    return () => window.clearInterval(timer);
  }, [stillShown]);

  const react = chat?.react;
  const canSend = shown && (chat?.canAct ?? false);
  const send = useCallback(
    (emoji: ReactionEmoji) => {
      if (!react || !canSend) return;
      const now = Date.now();
      bucket.current ??= new TokenBucket(REACTION_RATE, now);
      // Past the allowance the click is not sent: the server would drop it anyway.
      if (bucket.current.take(now)) react(emoji);
    },
    [react, canSend],
  );
  const floated = useCallback((id: number) => setFloaters((f) => removeFloater(f, id)), []);

  return { shown, canSend, reducedMotion, floaters, still, received, send, floated };
}
