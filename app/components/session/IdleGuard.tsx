import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIdleTimer } from 'react-idle-timer';
import { useTranslation } from 'react-i18next';
import { signOutEverywhere } from '#app/lib/identity/signOut.client';
import { countdownText, DEFAULT_IDLE_TEXTS, loadIdleTexts, type IdleTexts } from './idleTexts';
import { COUNTDOWN_TICK_MS, hasAmplifySession, PROMPT_BEFORE_IDLE_MS, secondsLeft, TIMER_TIMEOUT_MS, type IdleState } from './sessionState';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

async function idToken(): Promise<string | null> {
  try {
    return (await fetchAuthSession()).tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/**
 * The inactivity guard for a signed-in user (docs/PRODUCT.md, Rules: inactivity guard): active →
 * (60 min without activity) prompted → (60 s countdown) idle. Prompted shows the warning dialog;
 * "Wait, I'm still here!" or any activity outside the dialog returns to active; Close only
 * dismisses the dialog (the countdown goes on); idle or "Sign out" runs the global sign-out.
 * Timers, activity and "still here" are shared by every tab of the site (react-idle-timer crossTab).
 */
export function IdleGuard({ language }: { language: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<IdleState>('active');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [remaining, setRemaining] = useState(secondsLeft(PROMPT_BEFORE_IDLE_MS));
  const [texts, setTexts] = useState<IdleTexts>(DEFAULT_IDLE_TEXTS);
  const [signingOut, setSigningOut] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const stateRef = useRef<IdleState>('active');
  stateRef.current = state;

  useEffect(() => {
    let cancelled = false;
    loadIdleTexts({ language, token: idToken, store: sessionStore() }).then(({ texts: loaded }) => {
      if (!cancelled) setTexts(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, [language]);

  const endSession = useCallback(() => {
    setSigningOut(true);
    void signOutEverywhere('/');
  }, []);

  const timer = useIdleTimer({
    timeout: TIMER_TIMEOUT_MS,
    promptBeforeIdle: PROMPT_BEFORE_IDLE_MS,
    crossTab: true,
    syncTimers: 200,
    onPrompt: (_event, idleTimer) => {
      if (!hasAmplifySession()) {
        // When the user is not signed in, the timer is reset instead.
        idleTimer?.reset();
        return;
      }
      setRemaining(secondsLeft(idleTimer?.getRemainingTime() ?? PROMPT_BEFORE_IDLE_MS));
      setState('prompted');
      setDialogOpen(true);
    },
    onActive: () => {
      setState('active');
      setDialogOpen(false);
    },
    onIdle: (_event, idleTimer) => {
      setDialogOpen(false);
      if (!hasAmplifySession()) {
        setState('active');
        idleTimer?.reset();
        return;
      }
      setState('idle');
      endSession();
    },
  });

  // The countdown, refreshed every second while the dialog shows it.
  useEffect(() => {
    if (state !== 'prompted' || !dialogOpen) return;
    const tick = () => setRemaining(secondsLeft(timer.getRemainingTime()));
    tick();
    const id = window.setInterval(tick, COUNTDOWN_TICK_MS);
    return () => window.clearInterval(id);
  }, [state, dialogOpen, timer]);

  // While prompted, any activity outside the dialog returns to active (in every tab).
  useEffect(() => {
    if (state !== 'prompted') return;
    const onActivity = (event: Event) => {
      const target = event.target;
      if (target instanceof Node && dialogRef.current?.contains(target)) return;
      if (stateRef.current === 'prompted') timer.activate();
    };
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, onActivity, { capture: true });
    };
  }, [state, timer]);

  // Mounted only while shown: dismissing it removes it at once, whatever the animation clock does.
  if (!dialogOpen) return null;
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => setDialogOpen(details.open)}
      role="alertdialog"
      closeOnInteractOutside={false}
      placement="center"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content ref={dialogRef} data-testid="idle-dialog" data-state-idle={state}>
            <Dialog.Header>
              <Dialog.Title>{texts.IDLE_TITLE}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontWeight="semibold">{texts.IDLE_MESSAGE}</Text>
                <Text color="fg.muted">{texts.IDLE_PRECAUTION}</Text>
                <Text role="timer" aria-live="polite" aria-atomic="true" data-testid="idle-countdown" fontWeight="medium">
                  {countdownText(texts, remaining)}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="2">
              <Button variant="outline" onClick={() => setDialogOpen(false)} data-testid="idle-close">
                {texts.IDLE_CLOSE}
              </Button>
              <Button variant="outline" colorPalette="red" loading={signingOut} loadingText={t('session.signingOut')} onClick={endSession} data-testid="idle-sign-out">
                {texts.IDLE_SIGN_OUT}
              </Button>
              <Button
                colorPalette="brand"
                onClick={() => {
                  timer.activate();
                  setState('active');
                  setDialogOpen(false);
                }}
                data-testid="idle-stay"
              >
                {texts.IDLE_STAY}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
