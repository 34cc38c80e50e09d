import type { TVisitsItem } from '@nexusplay/contract/stats';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UserDistributionChart } from './user-distribution-chart';

function week(): TVisitsItem[] {
  // Thursday 2025-03-06 to Wednesday 2025-03-12: weekday names out of alphabetical order.
  return Array.from({ length: 7 }, (_, index) => {
    const day = new Date(Date.UTC(2025, 2, 6 + index)).toISOString().slice(0, 10);
    return { day, visits: index + 1, visitors: 0, month: day.slice(0, 7), newUsers: 0 };
  });
}

describe('UserDistributionChart', () => {
  it('lists the days in the legend in date order', () => {
    // jsdom lays nothing out; the chart draws only into a box with a size.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 400, height: 288 }),
    );
    const { container } = render(<UserDistributionChart items={week()} failedToLoad={false} />);
    const legend = [...container.querySelectorAll('.recharts-legend-item-text')].map(
      (item) => item.textContent,
    );
    expect(legend).toEqual([
      'Thu, Mar 6',
      'Fri, Mar 7',
      'Sat, Mar 8',
      'Sun, Mar 9',
      'Mon, Mar 10',
      'Tue, Mar 11',
      'Wed, Mar 12',
    ]);
  });
});
