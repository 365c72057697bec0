/**
 * The reactions floating over the stage (docs/decisions/0079): each rises from near the foot of the
 * stage and fades, animated with the Web Animations API; a big count rides on its first emoji
 * ("×500"). The layer lets every click through and is hidden from screen readers (the bar's buttons
 * carry the words). With reduced motion nothing floats: the bar shows still counts instead.
 */
import { Box } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { FLOAT_MS, type Floater } from '#app/lib/reactions/floaters';
import { ReactionGlyph } from './ReactionGlyph';
import type { RoomReactions } from './useRoomReactions';

/** How high a floater rises, as a share of the stage's height. */
const RISE = 0.62;

function FloatingEmoji({ floater, onDone }: { floater: Floater; onDone: (id: number) => void }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.animate !== 'function') {
      onDone(floater.id);
      return;
    }
    const rise = (el.parentElement?.clientHeight ?? 300) * RISE;
    // A little sideways drift and timing of its own, so a burst does not move as one block.
    const drift = ((floater.id % 7) - 3) * 6;
    const animation = el.animate(
      [
        { transform: 'translate(-50%, 0) scale(0.6)', opacity: 0 },
        { transform: `translate(calc(-50% + ${drift / 3}px), ${-rise * 0.12}px) scale(1.15)`, opacity: 1, offset: 0.12 },
        { transform: `translate(calc(-50% + ${drift}px), ${-rise * 0.75}px) scale(1)`, opacity: 1, offset: 0.75 },
        { transform: `translate(calc(-50% + ${drift}px), ${-rise}px) scale(0.95)`, opacity: 0 },
      ],
      { duration: FLOAT_MS - (floater.id % 5) * 120, delay: floater.delayMs, easing: 'cubic-bezier(0.2, 0.6, 0.4, 1)', fill: 'both' },
    );
    animation.onfinish = () => onDone(floater.id);
    return () => animation.cancel();
    // One animation per floater, started once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Box
      as="span"
      ref={ref}
      position="absolute"
      bottom="18%"
      left={`${(floater.lane * 100).toFixed(1)}%`}
      display="inline-flex"
      alignItems="center"
      gap="1"
      fontSize={{ base: '2xl', md: '4xl' }}
      lineHeight="1"
      opacity="0"
      // The emoji stays readable over a bright picture.
      filter="drop-shadow(0 1px 3px rgba(0, 0, 0, 0.45))"
      data-testid="reaction-floater"
      data-emoji={floater.emoji}
    >
      <ReactionGlyph emoji={floater.emoji} />
      {floater.total !== null && (
        <Box as="span" fontSize={{ base: 'xs', md: 'sm' }} fontWeight="bold" color="white" bg="blackAlpha.700" px="1.5" py="0.5" borderRadius="full" data-testid="reaction-floater-total">
          ×{floater.total}
        </Box>
      )}
    </Box>
  );
}

export function ReactionsLayer({ reactions }: { reactions: RoomReactions }) {
  if (!reactions.shown) return null;
  return (
    <Box
      position="absolute"
      inset="0"
      zIndex="3"
      overflow="hidden"
      pointerEvents="none"
      aria-hidden="true"
      data-testid="reactions-layer"
      data-mode={reactions.reducedMotion ? 'still' : 'motion'}
      data-received={reactions.received}
    >
      {!reactions.reducedMotion && reactions.floaters.list.map((f) => <FloatingEmoji key={f.id} floater={f} onDone={reactions.floated} />)}
    </Box>
  );
}
