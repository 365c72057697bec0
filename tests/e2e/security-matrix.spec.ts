/**
 * Cross-tenant matrix (issue 10 §6): tenant A's (aurora's) objects, each with a unique marker
 * (tests/security/matrix-seed.ts), are asked for on tenant B's (solana's) host by B's admin, with
 * A's organizer's own session cookies, and by nobody. Every id placement the route table declares
 * must answer 401/403/404 (or send a signed-out caller to sign in) and name nothing of A; every
 * route is also sent every known id placement at once, so an id-taking route nobody declared is
 * still caught leaking. The chat socket: A's event refused on B's host, and B's own chat sent
 * every frame type with A's ids. The identity gateway on B's host: A's own password and access
 * token get nothing.
 *
 * Like the fuzz suite it runs on an app instance of its own (tests/security/instance.ts).
 */
import { expect, test } from '@playwright/test';
import { endpoints } from '../security/catalog';
import { startAppInstance, STACK_PORT, type AppInstance } from '../security/instance';
import { ownerControls } from '../security/matrix-controls';
import { identityMatrixJobs, matrixJobs, type MatrixCaller } from '../security/matrix-jobs';
import { seedTenant, type SeededTenant } from '../security/matrix-seed';
import { fuzzDictation } from '../security/fuzz-dictation';
import { socketMatrix } from '../security/matrix-socket';
import { captionsSocketMatrix } from '../security/captions-socket';
import { ttsSocketMatrix } from '../security/tts-socket';
import { describeFailures, recordTotals } from '../security/report';
import { addResult, emptyResult, runJobs } from '../security/runner';
import { newSession, type Session } from '../security/sessions';
import { minutesFromNow, seedEvent } from './events-helpers';
import { poolOf } from './session-helpers';

/** Its own port, next to the fuzz suite's. */
const PORT = STACK_PORT + 7001;
const A = 'aurora';
const B = 'solana';

test.describe.configure({ timeout: 240_000 });

test.describe('security: cross-tenant matrix', () => {
  let app: AppInstance;
  let ownerOfA: Session;
  let adminOfB: Session;
  let seeded: SeededTenant;
  let eventOfB: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    [app, ownerOfA, adminOfB] = await Promise.all([startAppInstance(PORT), newSession(A, 'matrix-owner', 'organizer'), newSession(B, 'matrix-admin', 'admin')]);
    seeded = await seedTenant(app, A, B, ownerOfA);
    eventOfB = (await seedEvent(B, adminOfB.user, { eventDateTime: minutesFromNow(-2), layout: 'liveEventsChat', title: 'Matrix home event' })).eventId;
  });

  test.afterAll(async () => {
    await app?.stop();
  });

  test("no route, API or socket of tenant B gives out tenant A's objects", async () => {
    const started = Date.now();
    const list = endpoints();
    const callers: MatrixCaller[] = [
      { as: `${B} admin`, cookie: adminOfB.cookie, bearer: adminOfB.idToken, signedOut: false },
      { as: `${A} owner's cookies`, cookie: ownerOfA.cookie, bearer: ownerOfA.idToken, signedOut: true },
      { as: 'anonymous', signedOut: true },
    ];
    const total = emptyResult();

    await test.step("controls: A's objects are there for their owner", async () => {
      expect(await ownerControls(app, A, ownerOfA, seeded, poolOf(A).appClientId)).toEqual([]);
    });

    await test.step('screens and API routes', async () => {
      const jobs = matrixJobs({ host: app.host(B), origin: app.origin(B), seeded, callers }, list);
      addResult(total, await runJobs(jobs, { port: PORT, probeHost: app.host(B) }));
    });

    await test.step('identity gateway', async () => {
      const owner = { username: ownerOfA.user.username, password: ownerOfA.user.password, accessToken: ownerOfA.accessToken };
      const jobs = identityMatrixJobs({ host: app.host(B), origin: app.origin(B), seeded, callers }, owner, { a: poolOf(A).appClientId, b: poolOf(B).appClientId });
      addResult(total, await runJobs(jobs, { port: PORT, probeHost: app.host(B) }));
    });

    await test.step('chat socket', async () => {
      addResult(total, await socketMatrix({ port: PORT, host: app.host(B), origin: app.origin(B), seeded, callers, ownEventId: eventOfB, ownCaller: callers[0]! }));
    });

    await test.step('captions socket', async () => {
      addResult(total, await captionsSocketMatrix({ port: PORT, host: app.host(B), origin: app.origin(B), seeded, callers }));
    });

    await test.step("dictation socket: A's session is no session on B's host", async () => {
      addResult(total, await fuzzDictation({ port: PORT, host: app.host(B), origin: app.origin(B), callers: [], foreignCallers: [{ as: `${A} owner's cookies`, cookie: ownerOfA.cookie }] }));
    });

    await test.step('text-to-speech socket', async () => {
      addResult(total, await ttsSocketMatrix({ port: PORT, host: app.host(B), origin: app.origin(B), seeded, callers }));
    });

    const health = await fetch(`http://127.0.0.1:${PORT}/api/health`, { signal: AbortSignal.timeout(10_000) });
    expect.soft(health.status, '/api/health after the matrix').toBe(200);

    recordTotals({
      suite: 'matrix',
      requests: total.requests,
      endpoints: list.length,
      serverErrors: total.serverErrors,
      hung: total.hung,
      leaks: total.leaks,
      other: total.other,
      seconds: (Date.now() - started) / 1000,
      failures: total.failures,
    });
    expect(total.failures, `cross-tenant failures:\n${describeFailures(total.failures)}`).toEqual([]);
  });
});
