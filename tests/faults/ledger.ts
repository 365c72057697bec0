/**
 * What the simulated users did: every request with its time and outcome, and every write the
 * server accepted (2xx with an id). The scenarios slice it by time (during the outage, after the
 * restart); the checks classify a refusal only then, knowing which service was down.
 */
export type WriteKind = 'chat' | 'form' | 'upload' | 'order';

export interface Outcome {
  user: string;
  op: string;
  /** Language of the user (en, fr, es): a refusal's message must be in it. */
  language: string;
  at: number;
  ok: boolean;
  /** HTTP status, or 0 below HTTP. */
  status: number;
  /** refused / dropped / hung below HTTP; a chat error frame's code; '' otherwise. */
  transport: string;
  /** The refusal's message (JSON `message`, or the visible text of an HTML page). */
  message: string;
}

export interface AcceptedWrite {
  kind: WriteKind;
  /** The tenant it was written to. */
  tenant: string;
  /** What the server answered with (message id, media id, order id; forms: the marker sent). */
  id: string;
  /** The user's own mark of the write (chat clientId, the form's text): a duplicate repeats it. */
  marker: string;
  at: number;
}

export class Ledger {
  outcomes: Outcome[] = [];
  writes: AcceptedWrite[] = [];

  record(outcome: Omit<Outcome, 'at'>): void {
    this.outcomes.push({ ...outcome, at: Date.now() });
  }

  accepted(kind: WriteKind, tenant: string, id: string, marker: string): void {
    this.writes.push({ kind, tenant, id, marker, at: Date.now() });
  }

  between(from: number, to: number): Outcome[] {
    return this.outcomes.filter((o) => o.at >= from && o.at < to);
  }
}

/** The visible text of an HTML answer (scripts and styles dropped), or the `message` of a JSON one. */
export function messageOf(body: string): string {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as { message?: unknown; error?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
      if (typeof parsed.error === 'string') return parsed.error;
    } catch {
      // not JSON after all: the text itself
    }
  }
  return trimmed
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
