/**
 * Entitlement matrix (issue 24; docs/decisions/0055): what belongs to a paid event (its room,
 * live broadcast, recordings, kept broadcast, captions, transcript, chat and chat files, each with
 * a marker: tests/security/entitlement-seed.ts) is asked for through every route, API and socket
 * that declares an `entitlement` (app/route-table.js, server/endpoints.ts) by nobody, a member
 * without a ticket, an organizer of other events, a replay-only holder, a ticket holder, a host,
 * the organizer and a tenant admin. Each answer must fit the route's rule (hasEventAccess: live
 * content to ticket holders and staff, replay content to ticket or replay holders and staff) and
 * show no marker the caller may not see; every route, declared or not, is also sent the event's
 * ids in every known placement by those short of a ticket, so a new route that serves the
 * event's content without a declaration fails here. Controls first prove the content reaches
 * those entitled to it, down to the bytes in storage; at the end the push ends (its state then
 * names the kept broadcast) and the public pages and the broadcast state are asked again.
 *
 * Like the other security suites it runs on an app instance of its own (tests/security/instance.ts).
 */
import { expect, test } from '@playwright/test';
import { endpoints } from '../security/catalog';
import { entitledControls } from '../security/entitlement-controls';
import { followServed, type Followable } from '../security/entitlement-follow';
import { declaredJobs, sweepJobs, type Tally } from '../security/entitlement-jobs';
import { endPush, seedPaidEvent, type PaidEvent } from '../security/entitlement-seed';
import { socketEntitlements } from '../security/entitlement-sockets';
import { startAppInstance, STACK_PORT, type AppInstance } from '../security/instance';
import { describeFailures, recordTotals } from '../security/report';
import { addResult, emptyResult, runJobs } from '../security/runner';

/** Its own port, next to the fuzz suite's (+7000) and the cross-tenant matrix's (+7001). */
const PORT = STACK_PORT + 7002;
const TENANT = 'aurora';

test.describe.configure({ timeout: 420_000 });

test.describe('security: entitlement matrix', () => {
  let app: AppInstance;
  let paid: PaidEvent;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    app = await startAppInstance(PORT);
    paid = await seedPaidEvent(app, TENANT);
  });

  test.afterAll(async () => {
    await app?.stop();
  });

  test("a paid event's content reaches those entitled to it and nobody else, on every path", async () => {
    const started = Date.now();
    const list = endpoints();
    const tally: Tally = { allowed: 0, refused: 0 };
    const total = emptyResult();
    const ctx = { host: app.host(TENANT), origin: app.origin(TENANT), paid, follow: [] as Followable[] };
    const run = { port: PORT, probeHost: app.host(TENANT) };

    await test.step('controls: the content is there for those entitled to it', async () => {
      expect(await entitledControls(app, paid)).toEqual([]);
    });

    const declared = declaredJobs(ctx, list, paid.callers, tally);
    const sweep = sweepJobs(ctx, list, paid.callers, tally);
    await test.step('reads: declared placements and every placement', async () => {
      addResult(total, await runJobs([...declared.reads, ...sweep.reads], run));
    });

    await test.step("bytes: the links of what a refused caller was given", async () => {
      addResult(total, await followServed({ port: PORT, host: app.host(TENANT), markers: paid.markers }, ctx.follow.splice(0)));
    });
    await test.step('sockets', async () => {
      addResult(total, await socketEntitlements({ port: PORT, host: app.host(TENANT), origin: app.origin(TENANT), paid }, list, paid.callers, tally));
    });

    await test.step('writes: declared placements and every placement', async () => {
      addResult(total, await runJobs([...declared.writes, ...sweep.writes], run));
      addResult(total, await followServed({ port: PORT, host: app.host(TENANT), markers: paid.markers }, ctx.follow.splice(0)));
    });

    await test.step('after the push ended: the public pages and the broadcast state again', async () => {
      await endPush(paid);
      const again = declaredJobs(ctx, list, paid.callers, tally, { only: (e) => e.serves === 'public' && e.event !== undefined, phase: 'after the push ended, ' });
      addResult(total, await runJobs(again.reads, run));
    });

    const health = await fetch(`http://127.0.0.1:${PORT}/api/health`, { signal: AbortSignal.timeout(10_000) });
    expect.soft(health.status, '/api/health after the entitlement matrix').toBe(200);

    recordTotals({
      suite: 'entitlement',
      requests: total.requests,
      endpoints: list.length,
      serverErrors: total.serverErrors,
      hung: total.hung,
      leaks: total.leaks,
      other: total.other,
      seconds: (Date.now() - started) / 1000,
      failures: total.failures,
      entitlement: { declared: list.filter((e) => e.entitlements.length).length, callers: paid.callers.length, allowed: tally.allowed, refused: tally.refused },
    });
    expect(total.failures, `entitlement failures:\n${describeFailures(total.failures, 200)}`).toEqual([]);
  });
});
