import type { TVisitsItem } from '@nexusplay/contract/stats';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartPanel, CHART_HEIGHT } from './chart-panel';
import { chartTheme } from './chart-theme';
import { recentVisits } from './visit-series';

const DAYS = 30;

type WebsiteVisitsChartProps = {
  items: TVisitsItem[] | undefined;
  failedToLoad: boolean;
};

/** Page views per day over the last 30 days. */
export function WebsiteVisitsChart({ items, failedToLoad }: WebsiteVisitsChartProps) {
  const data = items ? recentVisits(items, DAYS) : [];
  const total = data.reduce((sum, day) => sum + day.visits, 0);
  return (
    <ChartPanel
      title="Website Visits"
      summary={items ? `${total} page views in the last ${DAYS} days.` : undefined}
      note={
        failedToLoad
          ? 'The visits could not be loaded.'
          : items && total === 0
            ? `No visits recorded in the last ${DAYS} days yet.`
            : undefined
      }
      loading={items === undefined && !failedToLoad}
    >
      <LineChart
        responsive
        data={data}
        style={{ width: '100%', height: CHART_HEIGHT }}
        margin={{ top: 8, right: 16, bottom: 0, left: -16 }}
      >
        <CartesianGrid stroke={chartTheme.grid} strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={chartTheme.tick} stroke={chartTheme.axis} minTickGap={16} />
        <YAxis allowDecimals={false} tick={chartTheme.tick} stroke={chartTheme.axis} />
        <Tooltip {...chartTheme.tooltip} />
        <Line
          type="monotone"
          dataKey="visits"
          name="Visits"
          stroke={chartTheme.primary}
          strokeWidth={2}
          dot={false}
          activeDot={{ r: 4 }}
        />
      </LineChart>
    </ChartPanel>
  );
}
