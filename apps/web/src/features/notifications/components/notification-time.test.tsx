import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoment } from '../../../lib/format-date';
import { NotificationTime } from './notification-time';

describe('NotificationTime', () => {
  it('says when a notification was sent in the one form of a moment, the visitor’s locale', () => {
    render(<NotificationTime value="2025-03-05T08:00:00.000Z" />);
    const time = screen.getByText(formatMoment('2025-03-05T08:00:00.000Z') ?? '');
    expect(time).toHaveAttribute('datetime', '2025-03-05T08:00:00.000Z');
    // Not the Indonesian form ("5 Mar 2025, 15.00") whatever the visitor's language.
    expect(time.textContent).toMatch(/^Mar 5, 2025/);
  });

  it('shows nothing for a missing or unreadable time', () => {
    const { container } = render(<NotificationTime value="not a time" />);
    expect(container).toBeEmptyDOMElement();
  });
});
