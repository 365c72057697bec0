/**
 * What the browser offers for the device check: whether it can capture at all, the devices it
 * lists, whether permission is already given, and which failure an error means. Browser only
 * (loaded with DeviceCheckClient.tsx).
 */
import { MediaDeviceFailure, Room } from 'livekit-client';

export type Failure = 'denied' | 'notFound' | 'inUse' | 'unsupported' | 'other';

export interface Devices {
  videoinput: MediaDeviceInfo[];
  audioinput: MediaDeviceInfo[];
  audiooutput: MediaDeviceInfo[];
}
export const NO_DEVICES: Devices = { videoinput: [], audioinput: [], audiooutput: [] };

export function browserCanCapture(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Whether an audio element can play on a chosen speaker (setSinkId). */
export const canPickSpeaker = () => typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

export function failureOf(error: unknown): Failure {
  if (error instanceof Error && error.name === 'DeviceUnsupportedError') return 'unsupported';
  switch (MediaDeviceFailure.getFailure(error)) {
    case MediaDeviceFailure.PermissionDenied:
      return 'denied';
    case MediaDeviceFailure.NotFound:
      return 'notFound';
    case MediaDeviceFailure.DeviceInUse:
      return 'inUse';
    default:
      return 'other';
  }
}

export async function listDevices(): Promise<Devices> {
  const all = await Room.getLocalDevices(undefined, false);
  // Chrome lists a device without a label (and id) before permission; those cannot be chosen.
  const usable = all.filter((d) => d.deviceId !== '');
  return {
    videoinput: usable.filter((d) => d.kind === 'videoinput'),
    audioinput: usable.filter((d) => d.kind === 'audioinput'),
    audiooutput: usable.filter((d) => d.kind === 'audiooutput'),
  };
}

/** Whether the browser already allows the capture (then the check may start without a prompt). */
export async function alreadyAllowed(video: boolean): Promise<boolean> {
  try {
    const names = (video ? ['camera', 'microphone'] : ['microphone']) as unknown as PermissionName[];
    const states = await Promise.all(names.map((name) => navigator.permissions.query({ name })));
    return states.every((s) => s.state === 'granted');
  } catch {
    return false;
  }
}
