import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportServerReached } from '../../lib/network-status';
import { OfflineNotice, OFFLINE_MESSAGE } from './offline-notice';

function setBrowserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  act(() => reportServerReached(true));
  vi.restoreAllMocks();
});

describe('OfflineNotice', () => {
  it('says the app is offline while the browser has no network, and goes when it is back', () => {
    render(<OfflineNotice />);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => setBrowserOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_MESSAGE);

    act(() => setBrowserOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so too when a request found no server, until one gets through', () => {
    render(<OfflineNotice />);
    act(() => reportServerReached(false));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_MESSAGE);
    act(() => reportServerReached(true));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
