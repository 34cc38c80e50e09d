import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './format-time-ago';

describe('time ago', () => {
  it('tells a moment as its distance from now, in the largest whole unit', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(formatTimeAgo('2026-11-27T11:59:30Z', now)).toBe('now');
    expect(formatTimeAgo('2026-11-27T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatTimeAgo('2026-11-27T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatTimeAgo('2026-11-26T10:00:00Z', now)).toBe('yesterday');
    expect(formatTimeAgo('2026-10-20T12:00:00Z', now)).toBe('last month');
    expect(formatTimeAgo('not a date', now)).toBeUndefined();
    expect(formatTimeAgo(null, now)).toBeUndefined();
  });
});
