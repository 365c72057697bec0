/**
 * A drawn chart of figures per day (Recharts bars), loaded lazily by DayChart in the browser only,
 * so no other page's script carries the library. Drawn in the tenant's colours: each series names
 * a theme token, read from the page's CSS variables.
 */
import { useEffect, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface DaySeries {
  key: string;
  label: string;
  /** A theme colour token: brand-solid, accent-solid, brand-muted... */
  token: string;
}

const FALLBACKS: Record<string, string> = { 'brand-solid': '#2563eb', 'accent-solid': '#ea580c', 'brand-muted': '#93c5fd', border: '#e5e7eb', 'fg-muted': '#6b7280' };
const colourOf = (style: CSSStyleDeclaration | null, token: string) => style?.getPropertyValue(`--chakra-colors-${token}`).trim() || FALLBACKS[token] || '#6b7280';

export default function DayChartCanvas({
  rows,
  series,
  formatDay,
  formatValue,
}: {
  rows: Array<Record<string, number | string>>;
  series: DaySeries[];
  formatDay: (day: string) => string;
  formatValue: (n: number) => string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [style, setStyle] = useState<CSSStyleDeclaration | null>(null);
  useEffect(() => setStyle(ref.current ? getComputedStyle(ref.current) : null), []);
  return (
    <div ref={ref} style={{ width: '100%', height: '100%' }} aria-hidden="true" data-testid="range-chart-canvas">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 12, right: 12, bottom: 4, left: 4 }}>
          <CartesianGrid stroke={colourOf(style, 'border')} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(d) => formatDay(String(d))} stroke={colourOf(style, 'fg-muted')} fontSize={12} minTickGap={16} />
          <YAxis tickFormatter={(n) => formatValue(Number(n))} stroke={colourOf(style, 'fg-muted')} fontSize={12} width={72} allowDecimals={false} />
          <Tooltip labelFormatter={(d) => formatDay(String(d))} formatter={(v, name) => [formatValue(Number(v)), String(name)]} />
          {series.length > 1 ? <Legend /> : null}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={colourOf(style, s.token)} isAnimationActive={false} maxBarSize={28} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
