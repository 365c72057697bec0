/** The player demo (/nuevoPlayerDemoPage): how its sample is found, and its caption cues. */

/** The tag of the system video the local stack makes for the demo (local/stack/sampleVideo.ts). */
export const PLAYER_DEMO_TAG = 'player-demo';

/** WebVTT captions for the sample, one cue per stretch, in the page's words. */
export function demoCaptionsVtt(cues: { from: number; to: number; text: string }[]): string {
  const stamp = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
  return ['WEBVTT', '', ...cues.flatMap((cue, i) => [String(i + 1), `${stamp(cue.from)} --> ${stamp(cue.to)}`, cue.text, ''])].join('\n');
}
