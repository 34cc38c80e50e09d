import type { TVisitsItem } from '@nexusplay/contract/stats';
import { Legend, Pie, PieChart, Tooltip, type LegendPayload } from 'recharts';
import { ChartPanel, CHART_HEIGHT } from './chart-panel';
import { chartTheme } from './chart-theme';
import { recentVisits } from './visit-series';

const DAYS = 7;

/** The legend lists the days as the calendar does; by default it would sort their names. */
const byDay = (item: LegendPayload) => (item.payload as { day?: string } | undefined)?.day ?? '';

type UserDistributionChartProps = {
  items: TVisitsItem[] | undefined;
  failedToLoad: boolean;
};

/** How the last week's page views spread over its days. */
export function UserDistributionChart({ items, failedToLoad }: UserDistributionChartProps) {
  const data = (items ? recentVisits(items, DAYS, { withWeekday: true }) : []).map(
    (day, index) => ({ ...day, fill: chartTheme.slices[index % chartTheme.slices.length] }),
  );
  const total = data.reduce((sum, day) => sum + day.visits, 0);
  // A gap between slices only makes sense when there are two; around a single one it looks broken.
  const daysWithVisits = data.filter((day) => day.visits > 0).length;
  return (
    <ChartPanel
      title="User Distribution"
      summary={
        items
          ? `Page views of the last ${DAYS} days: ${data.map((day) => `${day.label}: ${day.visits}`).join(', ')}.`
          : undefined
      }
      note={
        failedToLoad
          ? 'The visits could not be loaded.'
          : items && total === 0
            ? `No visits recorded in the last ${DAYS} days yet.`
            : undefined
      }
      loading={items === undefined && !failedToLoad}
    >
      <PieChart responsive style={{ width: '100%', height: CHART_HEIGHT }}>
        <Pie
          data={data}
          dataKey="visits"
          nameKey="label"
          innerRadius="45%"
          outerRadius="80%"
          paddingAngle={daysWithVisits > 1 ? 2 : 0}
          stroke="none"
        />
        <Tooltip {...chartTheme.tooltip} />
        <Legend itemSorter={byDay} wrapperStyle={{ fontSize: 12, color: chartTheme.axis }} />
      </PieChart>
    </ChartPanel>
  );
}
