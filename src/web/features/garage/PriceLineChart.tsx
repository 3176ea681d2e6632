import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatUsd, formatUsdCents } from '../../lib/format';
import type { PricePointDto } from './garage.types';

/**
 * A small price line over time (recharts; loaded only where a chart is shown). The picture is one image to a
 * screen reader, described by `label`; the figures beside it carry the facts.
 */
export default function PriceLineChart({ points, label, height = 160 }: { points: PricePointDto[]; label: string; height?: number }) {
  const data = points.map((p) => ({ t: new Date(p.recordedAt).getTime(), price: Number(p.price) }));
  return (
    <div role="img" aria-label={label} style={{ height }} className="w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#dcdfe3" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(t: number) => formatDate(t)}
            tick={{ fontSize: 11, fill: '#555b63' }}
            minTickGap={24}
          />
          <YAxis
            width={56}
            tickFormatter={(v: number) => formatUsd(v)}
            tick={{ fontSize: 11, fill: '#555b63' }}
            domain={['auto', 'auto']}
          />
          <Tooltip
            labelFormatter={(t) => formatDate(Number(t))}
            formatter={(v) => [formatUsdCents(Number(v)), 'Price']}
          />
          <Line type="monotone" dataKey="price" stroke="#c8102e" strokeWidth={2} dot={data.length < 30} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
