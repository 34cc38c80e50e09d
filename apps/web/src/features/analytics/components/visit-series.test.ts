import type { TVisitsItem } from '@nexusplay/contract/stats';
import { describe, expect, it } from 'vitest';
import { monthlyNewUsers, recentVisits } from './visit-series';

function item(day: string, visits: number, newUsers: number): TVisitsItem {
  return { day, visits, visitors: 0, month: day.slice(0, 7), newUsers };
}

describe('visit series', () => {
  it('sums new users per month, leaving out a month the days only partly cover', () => {
    const items = [
      item('2025-01-30', 0, 9),
      item('2025-01-31', 0, 9),
      item('2025-02-01', 0, 2),
      item('2025-02-28', 0, 3),
      item('2025-03-01', 0, 4),
      item('2025-03-02', 0, 1),
    ];
    expect(monthlyNewUsers(items)).toEqual([
      { label: 'Feb 2025', newUsers: 5 },
      { label: 'Mar 2025', newUsers: 5 },
    ]);
  });

  it('keeps the only month there is, even in part', () => {
    expect(monthlyNewUsers([item('2025-01-30', 0, 2), item('2025-01-31', 0, 1)])).toEqual([
      { label: 'Jan 2025', newUsers: 3 },
    ]);
  });

  it('takes the last days, labelled by date or weekday', () => {
    const items = [item('2025-03-01', 1, 0), item('2025-03-02', 2, 0), item('2025-03-03', 3, 0)];
    expect(recentVisits(items, 2)).toEqual([
      { day: '2025-03-02', label: 'Mar 2', visits: 2 },
      { day: '2025-03-03', label: 'Mar 3', visits: 3 },
    ]);
    expect(recentVisits(items, 1, { withWeekday: true })).toEqual([
      { day: '2025-03-03', label: 'Mon, Mar 3', visits: 3 },
    ]);
  });
});
