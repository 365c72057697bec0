/**
 * The fault suite (issue 18, docs/decisions/0051): `npx tsx tests/faults/run.ts` after the
 * production build. Starts the fault stack (stack.ts) on FAULTS_BASE_PORT (3710: apps 3710 and
 * 3711, services up to 3718), sets a handful of simulated users to work (browsing in English and
 * French, signing in, posting the contact form in both, uploading, checking out, asking for the
 * video room, two chat users, one on each instance), then stops and restarts each service in turn
 * under that load and checks what users saw, /api/health, the accepted writes and the recovery.
 * Prints the fault table, writes test-reports/faults.json, exits 1 when any fault failed.
 */
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { newEventInput } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import type { DemoAccount } from '#local/stack/cognito';
import { quietAwsEnv } from '#local/stack/stack';
import { readPoolsFile } from '#server/identity/identity.server';
import { signedInAccount } from '#tests/support/signedInUsers';
import { testTenantId } from '#tests/support/tenants';
import { ChatUser } from './chatUsers';
import { Ledger } from './ledger';
import { faultTable, summaryLine, writeReport } from './report';
import { runFault, type FaultResult } from './scenario';
import { FAULTS, startFaultStack, type FaultStack } from './stack';
import { Browser, Buyer, ContactForm, RoomViewer, SignIn, Uploader, type SimulatedUser } from './users';

Object.assign(process.env, quietAwsEnv());
const BASE_PORT = Number(process.env.FAULTS_BASE_PORT ?? 3710);
/** The whole run's limit (the step's budget is 4 minutes). */
const DEADLINE_MS = Number(process.env.FAULTS_DEADLINE_MS ?? 225_000);
const TENANT = testTenantId('aurora');
const FRENCH_TENANT = testTenantId('lumiere');

const began = performance.now();
const log = (line: string) => console.log(`[faults] ${((performance.now() - began) / 1000).toFixed(1).padStart(5)} s  ${line}`);

const signedIn = (stack: FaultStack, account: DemoAccount) => signedInAccount(stack.env, account);

async function main(): Promise<number> {
  if (!existsSync('build/server/index.js')) {
    console.error('[faults] build/server/index.js is missing: run `npx remix vite:build` first.');
    return 1;
  }
  const stack = await startFaultStack(BASE_PORT, log);
  const results: FaultResult[] = [];
  const users: SimulatedUser[] = [];
  const chatUsers: ChatUser[] = [];
  try {
    const account = (role: DemoAccount['role']) => stack.accounts.find((a) => a.tenant === TENANT && a.role === role)!;
    const organizer = await signedIn(stack, account('organizer'));
    const member = await signedIn(stack, account('member'));
    const data = tenantData({ db: stack.db }, TENANT);
    const profile = { sub: organizer.sub, name: 'Fault organizer', email: account('organizer').username, language: 'en' };
    const live = await data.events.create(newEventInput({ title: 'Fault suite live', eventDateTime: new Date(Date.now() - 60_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en' }), profile);
    const paid = await data.events.create(
      { ...newEventInput({ title: 'Fault suite tickets', eventDateTime: new Date(Date.now() + 86_400_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en' }), ticketPrice: 1500, capacity: 100_000 },
      profile,
    );
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg().toBuffer();
    const pools = readPoolsFile(stack.env.IDENTITY_POOLS_FILE!);

    const ledger = new Ledger();
    const ports = [...stack.ports.app];
    const site = { tenant: TENANT, acceptLanguage: 'en', ports };
    const french = { tenant: FRENCH_TENANT, acceptLanguage: 'fr', ports };
    const buyer = new Buyer(ledger, site, member, paid.eventId);
    users.push(
      new Browser(ledger, site, 'en', ['/', '/liveEvents', '/contactUs', '/aboutUs']),
      new Browser(ledger, french, 'fr', ['/', '/liveEvents', '/contactUs']),
      new SignIn(ledger, site, { ...account('member'), clientId: pools[TENANT]!.appClientId }),
      new ContactForm(ledger, site, 'en'),
      new ContactForm(ledger, french, 'fr'),
      new Uploader(ledger, site, organizer, jpeg),
      buyer,
      new RoomViewer(ledger, site, organizer, live.eventId),
    );
    chatUsers.push(
      new ChatUser('chat-1', ledger, TENANT, organizer.cookie, live.eventId, [stack.ports.app[0], stack.ports.app[1]]),
      new ChatUser('chat-2', ledger, TENANT, member.cookie, live.eventId, [stack.ports.app[1], stack.ports.app[0]]),
    );
    for (const u of [...users, ...chatUsers]) u.start();

    // Before any fault every kind of request must work, or the faults prove nothing.
    const warmUpUntil = Date.now() + 60_000;
    const names = [...users, ...chatUsers].map((u) => u.name);
    const working = () => names.every((n) => ledger.outcomes.some((o) => o.user === n && o.ok && o.op !== 'chat connect'));
    while (!working() && Date.now() < warmUpUntil) await new Promise((r) => setTimeout(r, 250));
    const idle = names.filter((n) => !ledger.outcomes.some((o) => o.user === n && o.ok));
    if (idle.length) throw new Error(`the users did not all work before any fault: ${idle.join(', ')} had no success within 60 s`);
    // Refusals before any fault are the platform's too (a slow answer under load): a row of their own.
    const baseline = ledger.outcomes.filter((o) => !o.ok);
    if (baseline.length) {
      const seen = [...new Set(baseline.map((o) => `${o.user} ${o.op}: ${o.status || o.transport} ${o.message.slice(0, 160)}`))];
      results.push({ fault: 'none (warm-up)', requestsDuringFault: ledger.outcomes.length, errors: {}, accepted: 0, lost: 0, duplicates: 0, recoverySeconds: 0, failures: seen.slice(0, 10), samples: {} });
    }
    log(`users at work: ${ledger.outcomes.length} requests, all answered`);

    const verify = {
      db: stack.db,
      tenant: TENANT,
      chatEventId: live.eventId,
      buyerId: member.sub,
      allOrderMarkers: () => new Set(ledger.writes.filter((w) => w.kind === 'order').map((w) => w.marker)).size + (buyer.inFlight ? 1 : 0),
    };
    for (const fault of FAULTS) {
      if (performance.now() - began > DEADLINE_MS) {
        results.push({ fault, requestsDuringFault: 0, errors: {}, accepted: 0, lost: 0, duplicates: 0, recoverySeconds: null, failures: ['not run: the suite ran out of its time budget'], samples: {} });
        continue;
      }
      if (fault === 'livekit' && !stack.hasLivekit) {
        results.push({ fault, requestsDuringFault: 0, errors: {}, accepted: 0, lost: 0, duplicates: 0, recoverySeconds: null, failures: ['not run: no livekit-server binary'], samples: {} });
        continue;
      }
      const result = await runFault({ stack, ledger, chatUsers, verify, log }, fault);
      results.push(result);
      log(`${fault}: ${result.failures.length ? `FAILED\n    ${result.failures.join('\n    ')}` : 'ok'}`);
    }
  } catch (e) {
    console.error(`[faults] ${(e as Error).stack ?? e}`);
    await Promise.all([...users, ...chatUsers].map((u) => u.stop()));
    for (const c of chatUsers) c.close();
    await stack.stop();
    const seconds = (performance.now() - began) / 1000;
    writeReport(results, seconds, (e as Error).message);
    console.log(summaryLine(results, seconds));
    return 1;
  }
  await Promise.all([...users, ...chatUsers].map((u) => u.stop()));
  for (const c of chatUsers) c.close();
  await stack.stop();

  const seconds = (performance.now() - began) / 1000;
  console.log(`\n${faultTable(results)}\n`);
  for (const r of results.filter((x) => x.failures.length)) console.log(`${r.fault}:\n  ${r.failures.join('\n  ')}`);
  writeReport(results, seconds);
  console.log(summaryLine(results, seconds));
  return results.every((r) => r.failures.length === 0) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`[faults] ${(e as Error).stack ?? e}`);
    process.exit(1);
  },
);
