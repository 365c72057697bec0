/**
 * Where a restream may be sent (docs/decisions/0061): an rtmp:// or rtmps:// URL whose host points
 * only outside (server/platform/net/outsideAddress.server.ts). Checked when the organizer saves the
 * destination and again, for every destination, just before the egress starts sending: a name
 * that pointed outside when it was saved may point inside by then.
 */
import { checkHost, type OutsideRule } from '#server/platform/net/outsideAddress.server';

/** Why a destination is refused: not RTMP, pointing inside, or not found. */
export type DestinationProblem = 'scheme' | 'inside' | 'unresolvable';

export async function destinationProblem(url: string, rule: OutsideRule): Promise<DestinationProblem | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'scheme';
  }
  if ((parsed.protocol !== 'rtmp:' && parsed.protocol !== 'rtmps:') || !parsed.hostname || parsed.username || parsed.password) return 'scheme';
  const verdict = await checkHost(parsed.hostname, rule);
  return verdict.ok ? null : verdict.reason;
}
