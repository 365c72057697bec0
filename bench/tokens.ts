// bench/tokens: room tokens minted per second on one core. The real mint path of POST
// /api/events/token after the event and profile reads: the room's admission (for an event that sells
// nothing it is canJoin alone, no read: server/rooms/admission.server.ts) + VideoService.mintToken =
// grantsFor (app/lib/events/permissions.ts) + livekit-server-sdk AccessToken.toJwt (HS256),
// one token at a time (never more than one in flight, so one core does the work), rotating
// organizer, host and participant. No network, no DynamoDB. Target: ≥ 2,000 tokens/s.
import { eventSchema, expirationFor } from '#app/lib/events/model';
import { canJoin } from '#app/lib/events/permissions';
import { VideoService, type VideoUser } from '#server/platform/video.server';
import { table } from './lib';

const SECONDS = Number(process.env.BENCH_TOKEN_SECONDS ?? 3);
const TARGET_PER_SECOND = 2000;

export async function benchTokens(): Promise<boolean> {
  const start = new Date(Date.now() + 60_000).toISOString();
  const event = eventSchema.parse({
    tenantId: 'aurora',
    eventId: 'benchbench01',
    title: 'Token bench',
    eventDateTime: start,
    eventDuration: 60,
    eventTimeZone: 'UTC',
    eventExpiration: expirationFor(start, 60),
    eventLanguage: 'en',
    organizerLanguageCode: 'en',
    channelName: 'aurora_benchbench01',
    layout: 'ils',
    organizerId: 'organizer-sub',
    hosts: ['host@example.com'],
    shortCode: 'Bench01',
    createdAt: start,
    updatedAt: start,
  });
  const video = new VideoService({ LIVEKIT_URL: 'ws://localhost:7880', LIVEKIT_API_URL: undefined, LIVEKIT_API_KEY: 'devkey', LIVEKIT_API_SECRET: 'secret' });
  const tenant = { id: 'aurora', video: {} };
  const users = [
    { sub: 'organizer-sub', email: 'organizer@example.com', displayName: 'Organizer' },
    { sub: 'host-sub', email: 'host@example.com', displayName: 'Host' },
    ...Array.from({ length: 8 }, (_, i) => ({ sub: `participant-${i}`, email: `p${i}@example.com`, displayName: `Participant ${i}` })),
  ];

  /** What the token route does once it has the event and the profile: admit, then mint. */
  const mint = async (user: VideoUser) => {
    const admission = canJoin(event, user, Date.now());
    return admission.ok ? video.mintToken(tenant, event, user, admission) : null;
  };
  // Warm-up: JIT and the key import path.
  for (let i = 0; i < 500; i++) await mint(users[i % users.length]!);

  let minted = 0;
  let refused = 0;
  const cpu = process.cpuUsage();
  const began = performance.now();
  const deadline = began + SECONDS * 1000;
  while (performance.now() < deadline) {
    for (let i = 0; i < 100; i++) {
      const result = await mint(users[(minted + refused) % users.length]!);
      if (result) minted++;
      else refused++;
    }
  }
  const wallSeconds = (performance.now() - began) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const perSecond = Math.round(minted / wallSeconds);
  const perCpuSecond = Math.round(minted / cpuSeconds);
  const ok = refused === 0 && perSecond >= TARGET_PER_SECOND;

  console.log(`\nbench/tokens: VideoService.mintToken (permissions + HS256 JWT), one at a time, ${wallSeconds.toFixed(1)} s`);
  console.log(
    table([
      {
        tokens: minted,
        refused,
        'tokens/s': perSecond,
        'tokens per CPU-second': perCpuSecond,
        'µs per token': ((wallSeconds / minted) * 1e6).toFixed(0),
      },
    ]),
  );
  console.log(`tokens per second: ${perSecond} (target ≥ ${TARGET_PER_SECOND}) ${ok ? 'met' : 'MISSED'}`);
  return ok;
}
