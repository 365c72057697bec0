/**
 * The room stage's live captions (docs/decisions/0048): the overlay at the foot of the stage (the
 * speaker heard last: their last line, and the line still being recognised shown as pending), the
 * CC toggle each viewer sets for themselves (remembered in this browser), and, when the engine does
 * not know the event's language, a note saying captions are not available in it. In a non-English
 * event with the translated track (docs/decisions/0099) the CC button opens a menu instead: off,
 * the event's language, or English (translated).
 */
import { Box, Button, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNamespace } from '#app/lib/i18n/routeNamespaces';
import { languageName } from '#app/components/chat/format';
import { useOptionalChat } from '#app/components/chat/useChat';
import { applyCaption, emptyCaptionView, expireCaptions, type CaptionView } from '#app/lib/captions/lines';
import type { CaptionsAvailability, CaptionTrack } from '#app/lib/captions/protocol';

const SHOWN_KEY = 'room.captions.shown';
const TRACK_KEY = 'room.captions.track';

/** The viewer's choice in the CC menu. */
type Choice = 'off' | 'original' | CaptionTrack;

function readChoice(): Choice {
  try {
    if (window.localStorage.getItem(SHOWN_KEY) === 'off') return 'off';
    return window.localStorage.getItem(TRACK_KEY) === 'translation' ? 'translation' : 'original';
  } catch {
    return 'original';
  }
}

function saveChoice(choice: Choice) {
  try {
    window.localStorage.setItem(SHOWN_KEY, choice === 'off' ? 'off' : 'on');
    if (choice !== 'off') window.localStorage.setItem(TRACK_KEY, choice);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** The lines of one track: the speakers' own words, or their English translation. */
function useCaptionView(track: CaptionTrack | undefined): CaptionView {
  const chat = useOptionalChat();
  const [view, setView] = useState<CaptionView>(emptyCaptionView);
  const onCaption = chat?.onCaption;
  useEffect(() => {
    setView(emptyCaptionView);
    return onCaption?.((caption) => {
      if (caption.track === track) setView((v) => applyCaption(v, caption, Date.now()));
    });
  }, [onCaption, track]);
  const shownLines = view.lines.length;
  useEffect(() => {
    if (shownLines === 0) return;
    const timer = window.setInterval(() => setView((v) => expireCaptions(v, Date.now())), 1000);
    return () => window.clearInterval(timer);
  }, [shownLines]);
  return view;
}

function CaptionsOverlay({ view }: { view: CaptionView }) {
  const { t } = useTranslation();
  return (
    <Box
      position="absolute"
      insetX={{ base: '2', md: '6' }}
      bottom={{ base: '1', md: '4' }}
      zIndex="1"
      display="flex"
      justifyContent="center"
      pointerEvents="none"
      role="region"
      aria-label={t('captions.region')}
      data-testid="captions-overlay"
    >
      {view.lines.length > 0 && (
        <Box bg="blackAlpha.800" color="white" px={{ base: '2.5', md: '4' }} py={{ base: '1.5', md: '2' }} borderRadius="l2" maxW="48rem" textAlign="center" fontSize={{ base: 'xs', sm: 'sm', md: 'lg' }} lineHeight="1.4" data-testid="captions-box">
          <Text as="span" fontWeight="semibold" fontSize={{ base: 'xs', md: 'md' }} color="whiteAlpha.900" me="1.5" data-testid="captions-speaker">
            {t('captions.speaking', { name: view.speakerName })}
          </Text>
          {view.lines.map((line, i) => (
            <Text
              as="span"
              key={line.utteranceId}
              // Phones: the stage is a small band, so only the newest line shows there.
              display={i === view.lines.length - 1 ? 'block' : { base: 'none', md: 'block' }}
              // Pending text: still being recognised, and may change.
              fontStyle={line.final ? 'normal' : 'italic'}
              color={line.final ? 'white' : 'whiteAlpha.800'}
              data-testid="caption-line"
              data-final={line.final}
              aria-live={line.final ? 'polite' : 'off'}
              lineClamp={2}
            >
              {line.text}
              {!line.final && <VisuallyHidden> ({t('captions.pending')})</VisuallyHidden>}
            </Text>
          ))}
        </Box>
      )}
    </Box>
  );
}

export function CaptionsLayer({ availability }: { availability: CaptionsAvailability }) {
  const { t, i18n } = useTranslation();
  const [choice, setChoice] = useState<Choice>('original');
  useEffect(() => setChoice(readChoice()), []);
  const translated = availability.state === 'on' && availability.translated === true;
  // Without a translated track there is only the original to show.
  const track: CaptionTrack | undefined = translated && choice === 'translation' ? 'translation' : undefined;
  const view = useCaptionView(track);
  // The layer lives inside the stage, which only the browser renders: its strings come when it
  // mounts, not with the room's document (docs/decisions/0024's 40 KB).
  const stringsIn = useNamespace('captions');
  if (availability.state === 'off' || !stringsIn) return null;

  if (availability.state === 'unsupportedLanguage') {
    return (
      <Box position="absolute" bottom="2" insetX="2" zIndex="1" display="flex" justifyContent="center" pointerEvents="none">
        <Text bg="blackAlpha.700" color="white" fontSize="sm" px="3" py="1" borderRadius="l2" data-testid="captions-unsupported">
          {t('captions.unsupported', { language: languageName(availability.language, i18n.language) })}
        </Text>
      </Box>
    );
  }

  const shown = choice !== 'off';
  const choose = (next: Choice) => {
    setChoice(next);
    saveChoice(next);
  };
  const buttonStyle = {
    position: 'absolute',
    top: '2',
    insetEnd: '2',
    zIndex: '2',
    size: 'xs',
    minW: '10',
    variant: shown ? 'solid' : 'outline',
    colorPalette: shown ? 'brand' : 'gray',
    bg: shown ? undefined : 'blackAlpha.700',
    color: shown ? undefined : 'white',
  } as const;
  return (
    <>
      {shown && <CaptionsOverlay view={view} />}
      {translated ? (
        <Menu.Root positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <Button {...buttonStyle} aria-label={t('captions.menu')} title={t('captions.menu')} data-testid="captions-menu">
              {t('captions.toggle')}
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="48" data-testid="captions-menu-items">
                <Menu.RadioItemGroup value={choice} onValueChange={(e) => choose(e.value as Choice)}>
                  <Menu.ItemGroupLabel>{t('captions.menu')}</Menu.ItemGroupLabel>
                  <Menu.RadioItem value="off" data-testid="captions-choice-off">
                    {t('captions.off')}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                  <Menu.RadioItem value="original" data-testid="captions-choice-original">
                    {languageName(availability.language, i18n.language)}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                  <Menu.RadioItem value="translation" data-testid="captions-choice-translation">
                    {t('captions.translated')}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                </Menu.RadioItemGroup>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      ) : (
        <Button
          {...buttonStyle}
          aria-pressed={shown}
          aria-label={shown ? t('captions.hide') : t('captions.show')}
          title={shown ? t('captions.hide') : t('captions.show')}
          onClick={() => choose(shown ? 'off' : 'original')}
          data-testid="captions-toggle"
        >
          {t('captions.toggle')}
        </Button>
      )}
    </>
  );
}
