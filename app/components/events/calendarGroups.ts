/**
 * Crowded hours of the week view. A day column is about 165 px wide at 1280 px, so more than two
 * events side by side become slivers. Overlapping events that would need more than
 * MAX_SIDE_BY_SIDE columns are shown as one block ("5 events") that opens the list of them.
 */
export const MAX_SIDE_BY_SIDE = 2;

interface Timed {
  start: Date;
  end: Date;
}

export type Grouped<T extends Timed> = T | { start: Date; end: Date; members: T[] };

/** Columns a set of overlapping events needs: the most of them running at one instant. */
function columnsNeeded(events: readonly Timed[]): number {
  const edges = events.flatMap((e) => [
    [e.start.getTime(), 1],
    [e.end.getTime(), -1],
  ]);
  // At equal instants an end comes before a start: back-to-back events share a column.
  edges.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let running = 0;
  let most = 0;
  for (const [, step] of edges) most = Math.max(most, (running += step!));
  return most;
}

/** The events in start order, each run of overlapping ones that needs too many columns made one group. */
export function groupCrowded<T extends Timed>(events: readonly T[]): Grouped<T>[] {
  const sorted = [...events].sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
  const out: Grouped<T>[] = [];
  let cluster: T[] = [];
  let clusterEnd = -Infinity;
  const flush = () => {
    if (cluster.length > MAX_SIDE_BY_SIDE && columnsNeeded(cluster) > MAX_SIDE_BY_SIDE) {
      out.push({ start: cluster[0]!.start, end: new Date(clusterEnd), members: cluster });
    } else out.push(...cluster);
    cluster = [];
    clusterEnd = -Infinity;
  };
  for (const e of sorted) {
    if (cluster.length && e.start.getTime() >= clusterEnd) flush();
    cluster.push(e);
    clusterEnd = Math.max(clusterEnd, e.end.getTime());
  }
  flush();
  return out;
}
