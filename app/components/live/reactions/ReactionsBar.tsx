/**
 * The reactions bar under the stage (docs/decisions/0079): one button per emoji of the fixed set,
 * each named in words for screen readers ("React with applause"), reached with Tab and pressed with
 * Enter or Space like any button. With reduced motion each button also wears a still count of what
 * the room sent just now, in place of the floating emoji.
 */
import { Box, Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNamespace } from '#app/lib/i18n/routeNamespaces';
import { REACTION_EMOJI, REACTION_NAMES } from '#app/lib/reactions/protocol';
import { ReactionGlyph } from './ReactionGlyph';
import type { RoomReactions } from './useRoomReactions';

export function ReactionsBar({ reactions }: { reactions: RoomReactions }) {
  const { t } = useTranslation();
  // Its strings come on first show, not with the room's document (app/locales/*/reactions.ts).
  const stringsIn = useNamespace('reactions');
  if (!reactions.shown || !stringsIn) return null;
  return (
    <HStack role="group" aria-label={t('reactions.label')} justify="center" gap={{ base: '1', md: '2' }} py="1" flexWrap="nowrap" data-testid="reactions-bar">
      {REACTION_EMOJI.map((emoji) => {
        const name = t(`reactions.names.${REACTION_NAMES[emoji]}`);
        const count = reactions.reducedMotion ? (reactions.still[emoji]?.count ?? 0) : 0;
        return (
          <Button
            key={emoji}
            variant="outline"
            colorPalette="gray"
            size="sm"
            minW="10"
            h="10"
            px="0"
            borderRadius="full"
            position="relative"
            disabled={!reactions.canSend}
            aria-label={count > 0 ? t('reactions.sendCounted', { name, count }) : t('reactions.send', { name })}
            title={t('reactions.send', { name })}
            onClick={() => reactions.send(emoji)}
            data-testid="reaction-button"
            data-emoji={emoji}
          >
            <ReactionGlyph emoji={emoji} size="1.5rem" />
            {count > 0 && (
              <Box
                as="span"
                aria-hidden="true"
                position="absolute"
                top="-1.5"
                insetEnd="-1.5"
                minW="5"
                h="5"
                px="1"
                borderRadius="full"
                bg="brand.solid"
                color="brand.contrast"
                display="inline-flex"
                alignItems="center"
                justifyContent="center"
                fontSize="2xs"
                fontWeight="bold"
                lineHeight="1"
                data-testid="reaction-count"
              >
                {count > 999 ? '999+' : count}
              </Box>
            )}
          </Button>
        );
      })}
    </HStack>
  );
}
