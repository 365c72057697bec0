/**
 * One drawn distribution of the viewer-experience section (Recharts, loaded only on the analytics
 * tab, in the browser: ExperienceSection imports it lazily). Bars in the tenant's brand colour,
 * the ranges that count as a bad experience in its accent colour.
 */
import { useEffect, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface DistributionBar {
  label: string;
  /** The axis's short form ("1–2 s", "≥ 8 s"): five of them fit a phone's width. */
  short: string;
  sessions: number;
  bad: boolean;
}

const VARIABLES = {
  bar: ['--chakra-colors-brand-solid', '#2563eb'],
  bad: ['--chakra-colors-accent-solid', '#ea580c'],
  grid: ['--chakra-colors-border', '#e5e7eb'],
  text: ['--chakra-colors-fg-muted', '#6b7280'],
} as const;
type Colours = Record<keyof typeof VARIABLES, string>;

function coloursOf(el: Element | null): Colours {
  const style = el ? getComputedStyle(el) : null;
  return Object.fromEntries(Object.entries(VARIABLES).map(([name, [variable, fallback]]) => [name, style?.getPropertyValue(variable).trim() || fallback])) as Colours;
}

export default function ExperienceChartCanvas({ bars, sessionsLabel }: { bars: DistributionBar[]; sessionsLabel: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [colours, setColours] = useState<Colours | null>(null);
  useEffect(() => setColours(coloursOf(ref.current)), []);
  const c = colours ?? coloursOf(null);
  return (
    <div ref={ref} style={{ width: '100%', height: '100%' }} aria-hidden="true" data-testid="experience-chart-canvas">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={bars} margin={{ top: 12, right: 8, bottom: 4, left: -16 }}>
          <CartesianGrid stroke={c.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="short" stroke={c.text} fontSize={11} interval={0} tickMargin={4} />
          <YAxis allowDecimals={false} stroke={c.text} fontSize={12} width={44} />
          <Tooltip labelFormatter={(_, payload) => String(payload?.[0]?.payload?.label ?? '')} formatter={(v) => [String(v), sessionsLabel]} />
          <Bar dataKey="sessions" name={sessionsLabel} isAnimationActive={false}>
            {bars.map((b) => (
              <Cell key={b.label} fill={b.bad ? c.bad : c.bar} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
