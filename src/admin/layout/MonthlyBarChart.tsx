import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonthlyBarChartProps } from './LazyBarChart';

const dollars = (value: number) => `$${value.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

/** Dollar amounts by month as bars (recharts): a chunk of its own, which LazyBarChart loads when a chart is shown. */
export default function MonthlyBarChart({ data, bars, stacked, grid = 'both' }: MonthlyBarChartProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={grid === 'both'} />
        <XAxis dataKey="month" />
        <YAxis tickFormatter={dollars} width={80} />
        <Tooltip formatter={(value) => dollars(Number(value))} />
        <Legend />
        {bars.map((bar) => (
          <Bar key={bar.dataKey} dataKey={bar.dataKey} name={bar.name} fill={bar.fill} stackId={stacked ? 'stack' : undefined} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
