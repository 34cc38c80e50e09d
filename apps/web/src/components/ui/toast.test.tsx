import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, ToastProvider, useToast } from './toast';

function Confirmer() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Saved.')}>
        Save
      </button>
      <button type="button" onClick={() => toast.error('Not copied.', { durationMs: 3000 })}>
        Copy
      </button>
    </>
  );
}

function renderConfirmer() {
  vi.useFakeTimers();
  render(
    <ToastProvider>
      <Confirmer />
    </ToastProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the one toast', () => {
  it('announces a confirmation and takes it away after the usual time', () => {
    renderConfirmer();
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(screen.getByText('Saved.').closest('[aria-live="polite"]')).not.toBeNull();
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('keeps a message for the time its caller gives', () => {
    renderConfirmer();
    act(() => screen.getByRole('button', { name: 'Copy' }).click());
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Not copied.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Not copied.')).not.toBeInTheDocument();
  });

  it('starts the time afresh when the same message comes again', () => {
    renderConfirmer();
    act(() => screen.getByRole('button', { name: 'Copy' }).click());
    act(() => vi.advanceTimersByTime(2000));
    act(() => screen.getByRole('button', { name: 'Copy' }).click());
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('Not copied.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Not copied.')).not.toBeInTheDocument();
  });
});
