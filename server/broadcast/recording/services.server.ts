/**
 * The recording part of the server's services (context.services.recording): the egress client
 * (used only where LIVEKIT_EGRESS=on), the box that seals restream keys (null without
 * RECORDING_KEY_SECRET: then no key can be stored) and the rule restream destinations must pass
 * (outside addresses only, docs/decisions/0061).
 */
import type { Env } from '#server/env.server';
import { resolveWithSystem, type OutsideRule } from '#server/platform/net/outsideAddress.server';
import type { VideoService } from '#server/platform/video.server';
import { EgressService } from './egress.server';
import { SecretBox } from './secretBox.server';

export interface RecordingServices {
  egress: EgressService;
  keys: SecretBox | null;
  destinations: OutsideRule;
}

export function createRecordingServices(env: Env, video: VideoService): RecordingServices {
  return {
    egress: new EgressService(env, video),
    keys: env.RECORDING_KEY_SECRET ? new SecretBox(env.RECORDING_KEY_SECRET) : null,
    destinations: { resolve: resolveWithSystem, allowLoopback: env.RESTREAM_TEST_ALLOW_LOOPBACK },
  };
}
