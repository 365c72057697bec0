/**
 * Fuzz suite (issue 10 §6): every endpoint of the route table and of the server's own list
 * (tests/security/catalog.ts) gets empty, wrong-type, malformed, oversized, deeply nested,
 * NUL/CR/LF and unicode input: query strings, form / JSON / multipart / text bodies, headers,
 * methods, Host headers and request lines, every Cognito operation of the identity gateway and
 * every frame type of the chat socket and the captions socket; signed out and with a real session (same-origin Origin, so
 * the CSRF check lets it through). Asserts: no 5xx, no hung request, every keep-alive connection
 * still answers after each bad request, /api/health 200 afterwards.
 *
 * It runs against an app instance of its own on the test stack (tests/security/instance.ts), so
 * its traffic never meets the shared server's rate limits or render cache.
 */
import { expect, test } from '@playwright/test';
import { endpoints } from '../security/catalog';
import { endpointJobs, identityJobs, requestLineJobs, type JobContext } from '../security/fuzz-jobs';
import { CAPTIONS_SOCKET_PATH } from '#app/lib/captions/protocol';
import { fuzzCaptionsFrames } from '../security/captions-socket';
import { dictationUpgradeJobs, fuzzDictation } from '../security/fuzz-dictation';
import { fuzzFrames, upgradeJobs } from '../security/fuzz-socket';
import { fuzzTtsFrames, ttsUpgradeJobs } from '../security/tts-socket';
import { startAppInstance, STACK_PORT, type AppInstance } from '../security/instance';
import { describeFailures, recordTotals } from '../security/report';
import { addResult, emptyResult, runJobs, type RunResult } from '../security/runner';
import { newSession, type Session } from '../security/sessions';
import { minutesFromNow, seedEvent } from './events-helpers';
import { poolOf } from './session-helpers';

/** Its own port, clear of the stack's (E2E_PORT + 1300…6000) and of other runs' E2E_PORTs. */
const PORT = STACK_PORT + 7000;
const TENANT = 'aurora';

test.describe.configure({ timeout: 300_000 });

test.describe('security: fuzz every endpoint', () => {
  let app: AppInstance;
  let admin: Session;
  let member: Session;
  let throwaway: Session;
  let eventId: string;
  let captionsEventId: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    [app, admin, member, throwaway] = await Promise.all([
      startAppInstance(PORT),
      newSession(TENANT, 'fuzz-admin', 'admin'),
      newSession(TENANT, 'fuzz-member', 'member'),
      newSession(TENANT, 'fuzz-identity', 'member'),
    ]);
    eventId = (await seedEvent(TENANT, admin.user, { eventDateTime: minutesFromNow(-2), layout: 'liveEventsChat', title: 'Fuzz target' })).eventId;
    captionsEventId = (await seedEvent(TENANT, admin.user, { eventDateTime: minutesFromNow(-2), layout: 'liveEventsVideo', title: 'Fuzz captions', showTranscription: true, eventLanguage: 'en' })).eventId;
  });

  test.afterAll(async () => {
    await app?.stop();
  });

  test('no input makes any endpoint answer 5xx, hang or stall its connection', async () => {
    const started = Date.now();
    const list = endpoints();
    const ctx: JobContext = {
      tenant: TENANT,
      host: app.host(TENANT),
      origin: app.origin(TENANT),
      port: PORT,
      callers: [{ as: 'anonymous' }, { as: 'admin', cookie: admin.cookie, bearer: admin.idToken }],
    };
    const run = (jobs: Parameters<typeof runJobs>[0]) => runJobs(jobs, { port: PORT, probeHost: ctx.host });
    const total: RunResult = emptyResult();
    const health = async (after: string) => {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/health`, { signal: AbortSignal.timeout(10_000) }).catch((e: Error) => e);
      const status = res instanceof Error ? res.message : res.status;
      expect.soft(status, `/api/health after ${after}`).toBe(200);
    };

    await test.step('screens, API routes and server endpoints', async () => {
      addResult(total, await run([...endpointJobs(ctx, list), ...requestLineJobs(ctx, ['/', '/aboutUs', '/preview', '/api/health', '/api/events/token', '/api/identity'])]));
      await health('the HTTP cases');
    });

    await test.step('identity gateway operations', async () => {
      addResult(total, await run(identityJobs(ctx, poolOf(TENANT).appClientId, { as: 'member', cookie: throwaway.cookie, accessToken: throwaway.accessToken })));
      await health('the identity gateway cases');
    });

    await test.step('chat socket upgrades and frames', async () => {
      const socketCtx = { port: PORT, host: ctx.host, origin: ctx.origin, eventId, callers: [{ as: 'anonymous' }, { as: 'organizer', cookie: admin.cookie }, { as: 'participant', cookie: member.cookie }] };
      addResult(total, await run(upgradeJobs(socketCtx)));
      addResult(total, await fuzzFrames(socketCtx));
      await health('the socket cases');
    });

    await test.step('captions socket upgrades and frames', async () => {
      const captionsCtx = { port: PORT, host: ctx.host, origin: ctx.origin, eventId: captionsEventId, callers: [{ as: 'anonymous' }, { as: 'organizer', cookie: admin.cookie }] };
      addResult(total, await run(upgradeJobs(captionsCtx, CAPTIONS_SOCKET_PATH, ['event'])));
      addResult(total, await fuzzCaptionsFrames(captionsCtx));
      await health('the captions socket cases');
    });

    await test.step('dictation socket upgrades and frames', async () => {
      const dictationCtx = { port: PORT, host: ctx.host, origin: ctx.origin, callers: [{ as: 'anonymous' }, { as: 'member', cookie: member.cookie }] };
      addResult(total, await run(dictationUpgradeJobs(dictationCtx)));
      addResult(total, await fuzzDictation(dictationCtx));
      await health('the dictation socket cases');
    });

    await test.step('text-to-speech socket upgrades and frames', async () => {
      const socketCtx = { port: PORT, host: ctx.host, origin: ctx.origin, callers: [{ as: 'anonymous' }, { as: 'participant', cookie: member.cookie }] };
      addResult(total, await run(ttsUpgradeJobs(socketCtx)));
      addResult(total, await fuzzTtsFrames(socketCtx));
      await health('the text-to-speech socket cases');
    });

    recordTotals({
      suite: 'fuzz',
      requests: total.requests,
      endpoints: list.length,
      serverErrors: total.serverErrors,
      hung: total.hung,
      leaks: 0,
      other: total.other,
      seconds: (Date.now() - started) / 1000,
      failures: total.failures,
    });
    expect(total.failures, `fuzz failures:\n${describeFailures(total.failures)}\n\nserver output (tail):\n${app.output().slice(-3000)}`).toEqual([]);
  });
});
