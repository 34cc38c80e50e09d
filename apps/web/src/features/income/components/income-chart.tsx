import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCompact, formatMoney, type DisplayCurrency } from '../../../lib/format-money';
import type { MonthlyNet } from './income-figures';

type IncomeChartProps = {
  months: MonthlyNet[];
  currency: DisplayCurrency;
};

/** Net income per month as bars, losses in red. Loaded on its own: the charting code is large. */
export function IncomeChart({ months, currency }: IncomeChartProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={months} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid stroke="#1e293b" vertical={false} />
        <XAxis dataKey="label" stroke="#94a3b8" tick={{ fontSize: 12 }} tickLine={false} />
        <YAxis
          stroke="#94a3b8"
          tick={{ fontSize: 12 }}
          tickLine={false}
          width={56}
          // Bars grow from zero, so zero is always on the axis, for losses as for gains.
          domain={[(min: number) => Math.min(0, min), (max: number) => Math.max(0, max)]}
          tickFormatter={(value: number) => formatCompact(value, currency)}
        />
        <ReferenceLine y={0} stroke="#475569" />
        <Tooltip
          cursor={{ fill: 'rgba(255,255,255,0.04)' }}
          contentStyle={{ background: '#0f172a', border: '1px solid #334155', borderRadius: 8 }}
          labelStyle={{ color: '#e2e8f0' }}
          formatter={(value) => [formatMoney(Number(value), currency), 'Net income']}
        />
        <Bar dataKey="net" radius={[4, 4, 0, 0]} isAnimationActive={false}>
          {months.map((month) => (
            <Cell key={month.month} fill={month.net < 0 ? '#f87171' : '#34d399'} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
