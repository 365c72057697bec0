/**
 * One fault under load (docs/decisions/0051): the users keep working while the service is stopped
 * for a few seconds and started again; then the assertions. Everything is read from the ledger
 * by time: requests during the outage, errors shown (by kind), the first success of each kind of
 * request after the restart (recovery), /api/health while down and after, the accepted writes of
 * the phase found once and only once, and every chat user having seen every chat message.
 */
import { send } from './http';
import type { AcceptedWrite, Ledger, Outcome } from './ledger';
import { healthReportsDown, namesService } from './naming';
import type { ChatUser } from './chatUsers';
import type { Fault, FaultStack } from './stack';
import { verifyWrites, type VerifyContext } from './verify';

export const OUTAGE_MS = Number(process.env.FAULTS_OUTAGE_MS ?? 5000);
export const RECOVERY_LIMIT_MS = 30_000;

export interface FaultResult {
  /** The service stopped; 'none (warm-up)': refusals before any fault. */
  fault: Fault | 'none (warm-up)';
  requestsDuringFault: number;
  /** Kind → count of refusals users saw from the stop to the recovery. */
  errors: Record<string, number>;
  accepted: number;
  lost: number;
  duplicates: number;
  /** Seconds from the restart to the last kind of request succeeding again; null: not within the limit. */
  recoverySeconds: number | null;
  failures: string[];
  /** Examples of what users saw when refused (status and message), one per kind. */
  samples: Record<string, string>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The kind of a refusal, knowing which service is down; '' for an expected, clear answer. */
export function classify(fault: Fault, o: Outcome): string {
  // A chat socket that closes is reconnected and resumed by the client (its unacknowledged message resent): the
  // reconnection, the resume and the history are what is checked, below and in the chat assertions.
  if (o.op.startsWith('chat') && o.transport === 'dropped') return 'clear (chat reconnects)';
  if (o.transport.startsWith('chat error')) return o.transport === 'chat error unavailable' ? 'clear (chat unavailable)' : o.transport;
  // The browser's PUT straight to storage: the uploader's own retry and message, not the app's.
  if (o.transport.startsWith('storage ')) return fault === 'storage' && o.transport === 'storage refused' ? 'clear (uploader retries storage)' : o.transport;
  if (o.transport) return o.transport;
  if (o.status === 503) return namesService(fault, o.language, o.message) ? 'clear 503' : 'unclear 503';
  if (o.status >= 500) return `${o.status}`;
  return `http ${o.status}`;
}

/** Kinds that fail the scenario: a 5xx other than a clear 503, an unclear 503, a hang, a dropped request (but at the crash of an app instance). */
function isFailingKind(fault: Fault, kind: string): boolean {
  if (kind.startsWith('clear')) return false;
  if (kind === 'dropped' || kind === 'refused') return fault !== 'app2';
  return true;
}

interface HealthSample {
  at: number;
  status: number;
  body: unknown;
}

function pollHealth(port: number, host: string, into: HealthSample[]): () => void {
  let on = true;
  void (async () => {
    while (on) {
      try {
        const answer = await send(port, { path: '/api/health', host, timeoutMs: 5000 });
        let body: unknown = null;
        try {
          body = JSON.parse(answer.body);
        } catch {
          body = answer.body;
        }
        into.push({ at: Date.now(), status: answer.status, body });
      } catch (e) {
        into.push({ at: Date.now(), status: 0, body: (e as Error).message });
      }
      await sleep(1000);
    }
  })();
  return () => (on = false);
}

export interface ScenarioContext {
  stack: FaultStack;
  ledger: Ledger;
  chatUsers: ChatUser[];
  verify: VerifyContext;
  log: (line: string) => void;
}

export async function runFault(ctx: ScenarioContext, fault: Fault): Promise<FaultResult> {
  const { stack, ledger } = ctx;
  const failures: string[] = [];
  const health: HealthSample[] = [];
  const healthHost = `127.0.0.1:${stack.ports.app[0]}`;
  const stopHealth = pollHealth(stack.ports.app[0], healthHost, health);

  const phaseStart = Date.now();
  await sleep(1500);
  const stoppedAt = Date.now();
  await stack.stopService(fault);
  ctx.log(`${fault}: stopped; users keep working for ${OUTAGE_MS / 1000} s`);
  await sleep(OUTAGE_MS);
  const downUntil = Date.now();
  try {
    await stack.startService(fault);
  } catch (e) {
    failures.push(`could not start ${fault} again: ${(e as Error).message.slice(0, 500)}`);
  }
  const restartedAt = Date.now();
  ctx.log(`${fault}: started again after ${((restartedAt - stoppedAt) / 1000).toFixed(1)} s`);

  // Recovery: every kind of request (user and operation) that failed since the stop succeeds again.
  // A chat user works again when any of its frames succeeds (connected to the other instance, it has no reason to connect again).
  const opKey = (o: Outcome) => `${o.user}|${o.op.startsWith('chat') ? 'chat' : o.op}`;
  const failedOps = () => new Set(ledger.between(stoppedAt, Date.now()).filter((o) => !o.ok).map(opKey));
  const firstSuccessAfter = (key: string) => ledger.between(restartedAt, Date.now()).find((o) => o.ok && opKey(o) === key)?.at;
  const healthOkAfter = () => health.find((h) => h.at > restartedAt && h.status === 200 && !healthReportsDown(fault, h.body))?.at;
  let recoveredAt: number | null = null;
  while (Date.now() - restartedAt < RECOVERY_LIMIT_MS) {
    const pending = [...failedOps()].filter((key) => firstSuccessAfter(key) === undefined);
    const healthAt = healthOkAfter();
    if (!pending.length && healthAt !== undefined) {
      recoveredAt = Math.max(restartedAt, healthAt, ...[...failedOps()].map((k) => firstSuccessAfter(k)!));
      break;
    }
    await sleep(250);
  }
  if (recoveredAt === null) {
    const pending = [...failedOps()].filter((key) => firstSuccessAfter(key) === undefined);
    failures.push(`not recovered within ${RECOVERY_LIMIT_MS / 1000} s of the restart: ${pending.length ? `still failing: ${pending.join(', ')}` : ''}${healthOkAfter() === undefined ? '; /api/health not ok' : ''}`);
  }
  const until = recoveredAt ?? Date.now();
  await sleep(1000);
  const phaseEnd = Date.now();
  stopHealth();

  // What users saw.
  const errors: Record<string, number> = {};
  const samples: Record<string, string> = {};
  for (const o of ledger.between(stoppedAt, until).filter((x) => !x.ok)) {
    const kind = classify(fault, o);
    errors[kind] = (errors[kind] ?? 0) + 1;
    samples[kind] ??= `${o.user} ${o.op}: ${o.status || o.transport} ${o.message.slice(0, 200)}`;
    if (isFailingKind(fault, kind) && !failures.some((f) => f.startsWith(`${kind}:`))) failures.push(`${kind}: ${samples[kind]}`);
  }
  // Translated: a clear refusal to the French or Spanish user is not the English text.
  const english = new Set(ledger.between(stoppedAt, until).filter((o) => !o.ok && o.language === 'en' && o.message).map((o) => o.message));
  const untranslated = ledger.between(stoppedAt, until).find((o) => !o.ok && o.language !== 'en' && o.status === 503 && english.has(o.message));
  if (untranslated) failures.push(`untranslated: ${untranslated.user} (${untranslated.language}) saw the English message "${untranslated.message.slice(0, 120)}"`);

  // /api/health names the service while it is down (the app instance's crash: the other keeps answering ok).
  const whileDown = health.filter((h) => h.at > stoppedAt + 1500 && h.at < downUntil);
  if (fault === 'app2') {
    if (whileDown.some((h) => h.status !== 200)) failures.push(`/api/health of instance 1 was not ok while instance 2 was down`);
  } else if (!whileDown.some((h) => healthReportsDown(fault, h.body))) {
    const sample = whileDown.at(-1);
    failures.push(`/api/health did not name ${fault} while it was down (last answer: ${sample?.status} ${JSON.stringify(sample?.body).slice(0, 300)})`);
  }

  // Chat: every user saw every message accepted so far (the killed instance's users through the other).
  const chatDeadline = Date.now() + 10_000;
  const chatIds = () => ledger.writes.filter((w) => w.kind === 'chat' && w.at <= phaseEnd).map((w) => w.id);
  let missed: string[] = [];
  do {
    missed = ctx.chatUsers.flatMap((u) => chatIds().filter((id) => !u.seen.has(id)).map((id) => `${u.name} missed ${id}`));
    if (missed.length) await sleep(250);
  } while (missed.length && Date.now() < chatDeadline);
  if (missed.length) failures.push(`chat: ${missed.length} message(s) not seen: ${missed.slice(0, 5).join(', ')}`);

  // Writes accepted in this phase: found, and once.
  const writes: AcceptedWrite[] = ledger.writes.filter((w) => w.at >= phaseStart && w.at < phaseEnd);
  const check = await verifyWrites(ctx.verify, writes, restartedAt + RECOVERY_LIMIT_MS);
  if (check.lost.length) failures.push(`lost writes: ${check.lost.slice(0, 5).join(', ')}${check.lost.length > 5 ? ` and ${check.lost.length - 5} more` : ''}`);
  if (check.duplicates.length) failures.push(`duplicates: ${check.duplicates.slice(0, 5).join(', ')}`);
  if (check.jobsUnfinished.length) failures.push(`job results missing: ${check.jobsUnfinished.slice(0, 5).join(', ')}`);

  return {
    fault,
    requestsDuringFault: ledger.between(stoppedAt, restartedAt).length,
    errors,
    accepted: check.accepted,
    lost: check.lost.length + check.jobsUnfinished.length,
    duplicates: check.duplicates.length,
    recoverySeconds: recoveredAt === null ? null : (recoveredAt - restartedAt) / 1000,
    failures,
    samples,
  };
}
