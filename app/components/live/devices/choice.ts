/**
 * The devices a person chose in a device check, and how the lobby hands them to the room: the
 * lobby writes them to sessionStorage under JOIN_DEVICES_KEY right before navigating to the room,
 * and the room starts its tracks with them (falling back to the saved /customVideoSettings choice).
 * Browser-only helpers; on the server they do nothing.
 */
export interface DeviceChoice {
  videoDeviceId?: string;
  audioDeviceId?: string;
  audioOutputId?: string;
}

/** What a device check is given: both its shell (DeviceCheck.tsx) and its LiveKit part (DeviceCheckClient.tsx) take it. */
export interface DeviceCheckProps {
  /** Devices to start with (saved settings or the lobby's choice); missing ones use the system default. */
  initial?: DeviceChoice;
  /** Called with the current choice; `ready` is true while the test runs and the lists are known. */
  onChange?: (choice: DeviceChoice, ready: boolean) => void;
  /** False for audio-only rooms: no camera. */
  video?: boolean;
  /** Start by itself when the browser already has permission (default true). */
  autoStart?: boolean;
  testId?: string;
}

/** The fields of a device choice, as the /customVideoSettings form names them. */
export const DEVICE_CHOICE_FIELDS = ['videoDeviceId', 'audioDeviceId', 'audioOutputId'] as const;

export const JOIN_DEVICES_KEY = 'platform.devices';
const MAX_ID = 256;

function clean(choice: DeviceChoice): DeviceChoice {
  const out: DeviceChoice = {};
  for (const key of ['videoDeviceId', 'audioDeviceId', 'audioOutputId'] as const) {
    const value = choice[key];
    if (typeof value === 'string' && value && value.length <= MAX_ID) out[key] = value;
  }
  return out;
}

/** Remembers the choice for the room this tab opens next. */
export function storeJoinDevices(choice: DeviceChoice): void {
  if (typeof window === 'undefined') return;
  try {
    window.sessionStorage.setItem(JOIN_DEVICES_KEY, JSON.stringify(clean(choice)));
  } catch {
    // Storage can be unavailable (private mode quotas, disabled storage): the room then uses the saved settings.
  }
}

/** The choice the lobby handed over in this tab, if any. */
export function readJoinDevices(): DeviceChoice | null {
  if (typeof window === 'undefined') return null;
  try {
    const raw = window.sessionStorage.getItem(JOIN_DEVICES_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? clean(parsed as DeviceChoice) : null;
  } catch {
    return null;
  }
}

/** The lobby's choice first, then the saved settings, device by device. */
export function mergeChoices(...choices: Array<DeviceChoice | null | undefined>): DeviceChoice {
  const out: DeviceChoice = {};
  for (const choice of choices) {
    if (!choice) continue;
    const c = clean(choice);
    out.videoDeviceId ??= c.videoDeviceId;
    out.audioDeviceId ??= c.audioDeviceId;
    out.audioOutputId ??= c.audioOutputId;
  }
  return clean(out);
}
