/**
 * The drawn chart of concurrent viewers (Recharts), loaded only on the analytics tab, in the
 * browser (ConcurrencyChart imports it lazily): no other page's script carries the library. Drawn
 * in the tenant's colours (its brand and accent tokens, read from the page's CSS variables).
 */
import { useEffect, useRef, useState } from 'react';
import { Area, AreaChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TimelineMarker, TimelinePoint } from '#app/lib/analytics/model';

export interface ChartColours {
  line: string;
  fill: string;
  poll: string;
  answer: string;
  grid: string;
  text: string;
}

const VARIABLES: Record<keyof ChartColours, [string, string]> = {
  line: ['--chakra-colors-brand-solid', '#2563eb'],
  fill: ['--chakra-colors-brand-muted', '#bfdbfe'],
  poll: ['--chakra-colors-accent-solid', '#ea580c'],
  answer: ['--chakra-colors-green-solid', '#16a34a'],
  grid: ['--chakra-colors-border', '#e5e7eb'],
  text: ['--chakra-colors-fg-muted', '#6b7280'],
};

function coloursOf(el: Element | null): ChartColours {
  const style = el ? getComputedStyle(el) : null;
  return Object.fromEntries(
    Object.entries(VARIABLES).map(([name, [variable, fallback]]) => [name, style?.getPropertyValue(variable).trim() || fallback]),
  ) as unknown as ChartColours;
}

export default function ConcurrencyChartCanvas({
  points,
  markers,
  format,
  labels,
}: {
  points: TimelinePoint[];
  markers: TimelineMarker[];
  format: (ms: number) => string;
  labels: { viewers: string; poll: string; answer: string };
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [colours, setColours] = useState<ChartColours | null>(null);
  useEffect(() => setColours(coloursOf(ref.current)), []);
  const c = colours ?? coloursOf(null);
  // The last minute drawn as wide as the others (a step chart ends at its last point otherwise).
  const last = points[points.length - 1];
  const data = last ? [...points, { t: last.t + (points.length > 1 ? last.t - points[points.length - 2]!.t : 60_000), viewers: last.viewers }] : points;
  return (
    <div ref={ref} style={{ width: '100%', height: '100%' }} aria-hidden="true" data-testid="analytics-chart-canvas">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 16, right: 12, bottom: 4, left: -12 }}>
          <CartesianGrid stroke={c.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="t" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={format} stroke={c.text} fontSize={12} minTickGap={24} />
          <YAxis allowDecimals={false} stroke={c.text} fontSize={12} width={44} />
          <Tooltip labelFormatter={(v) => format(Number(v))} formatter={(v) => [String(v), labels.viewers]} />
          <Area type="stepAfter" dataKey="viewers" name={labels.viewers} stroke={c.line} fill={c.fill} fillOpacity={0.6} strokeWidth={2} isAnimationActive={false} />
          {markers.map((m, i) => (
            <ReferenceLine
              key={`${m.kind}-${m.at}-${i}`}
              x={Math.floor(m.at / 60_000) * 60_000}
              stroke={m.kind === 'poll' ? c.poll : c.answer}
              strokeDasharray={m.kind === 'poll' ? '4 2' : '2 2'}
              label={{ value: m.kind === 'poll' ? '▲' : '●', position: 'top', fill: m.kind === 'poll' ? c.poll : c.answer, fontSize: 12 }}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
