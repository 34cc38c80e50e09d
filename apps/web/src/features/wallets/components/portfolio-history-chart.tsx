import type { TPortfolioHistory } from '@nexusplay/contract/portfolio';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCompact, formatMoney, type DisplayCurrency } from '../../../lib/format-money';

type PortfolioHistoryChartProps = {
  history: TPortfolioHistory;
  currency: DisplayCurrency;
};

/**
 * The portfolio total per UTC day. A day without a snapshot has no point and the line breaks
 * there: a gap, never a drop to zero. Loaded on its own: the charting code is large.
 */
export function PortfolioHistoryChart({ history, currency }: PortfolioHistoryChartProps) {
  const rate = currency === 'usd' ? 1 : history.usd_idr;
  const data = history.days.map(({ day, total_usd }) => ({
    day: day.slice(5),
    total: total_usd === null ? null : total_usd * rate,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid stroke="#1e293b" vertical={false} />
        <XAxis dataKey="day" stroke="#94a3b8" tick={{ fontSize: 12 }} tickLine={false} />
        <YAxis
          stroke="#94a3b8"
          tick={{ fontSize: 12 }}
          tickLine={false}
          width={56}
          tickFormatter={(value: number) => formatCompact(value, currency)}
        />
        <Tooltip
          contentStyle={{ background: '#0f172a', border: '1px solid #334155', borderRadius: 8 }}
          labelStyle={{ color: '#e2e8f0' }}
          formatter={(value) => [formatMoney(Number(value), currency), 'Portfolio']}
        />
        <Line
          type="monotone"
          dataKey="total"
          stroke="#818cf8"
          strokeWidth={2}
          dot={{ r: 2 }}
          connectNulls={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
