import type { TVisitsItem } from '@nexusplay/contract/stats';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartPanel, CHART_HEIGHT } from './chart-panel';
import { chartTheme } from './chart-theme';
import { monthlyNewUsers } from './visit-series';

type UserGrowthChartProps = {
  items: TVisitsItem[] | undefined;
  failedToLoad: boolean;
};

/** New accounts per month over the last year. */
export function UserGrowthChart({ items, failedToLoad }: UserGrowthChartProps) {
  const data = items ? monthlyNewUsers(items) : [];
  const total = data.reduce((sum, month) => sum + month.newUsers, 0);
  return (
    <ChartPanel
      title="User Growth"
      summary={items ? `${total} new users over the last ${data.length} months.` : undefined}
      note={
        failedToLoad
          ? 'The user growth could not be loaded.'
          : items && total === 0
            ? 'No new users in this period yet.'
            : undefined
      }
      loading={items === undefined && !failedToLoad}
    >
      <BarChart
        responsive
        data={data}
        style={{ width: '100%', height: CHART_HEIGHT }}
        margin={{ top: 8, right: 16, bottom: 0, left: -16 }}
      >
        <CartesianGrid stroke={chartTheme.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={chartTheme.tick} stroke={chartTheme.axis} minTickGap={8} />
        <YAxis allowDecimals={false} tick={chartTheme.tick} stroke={chartTheme.axis} />
        <Tooltip {...chartTheme.tooltip} cursor={{ fill: 'rgba(148, 163, 184, 0.1)' }} />
        <Bar
          dataKey="newUsers"
          name="New users"
          fill={chartTheme.secondary}
          radius={[4, 4, 0, 0]}
        />
      </BarChart>
    </ChartPanel>
  );
}
