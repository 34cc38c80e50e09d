import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';

// The modals' code arrives only when the test says so, as it would over a slow network.
const arrival = vi.hoisted(() => {
  let release = () => {};
  const ready = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { ready, release };
});

vi.mock('./auth-dialogs', async (importOriginal) => {
  await arrival.ready;
  return importOriginal();
});

describe('the sign-in modal, loaded on demand', () => {
  it('shows that it is loading, can be given up with Escape, then opens with the focus in it', async () => {
    const { user } = renderApp('/');
    const signIn = await screen.findByRole('button', { name: 'Sign In' });

    await user.click(signIn);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(signIn).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();

    await user.click(signIn);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    arrival.release();
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    await vi.waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveFocus());
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(signIn).toHaveFocus();
  });

  it('hands the focus back to the button that opened it, across a switch to sign-up', async () => {
    arrival.release();
    const { user } = renderApp('/');
    const signUp = await screen.findByRole('button', { name: 'Sign Up' });

    await user.click(signUp);
    const register = await screen.findByRole('dialog', { name: 'Sign Up' });
    await user.click(within(register).getByRole('button', { name: 'Sign In' }));
    const login = await screen.findByRole('dialog', { name: 'Sign In' });
    await vi.waitFor(() => expect(within(login).getByLabelText('Email')).toHaveFocus());

    await user.click(within(login).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(signUp).toHaveFocus();
  });

  it('leads from the modal to the forgot-password page and closes', async () => {
    arrival.release();
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const login = await screen.findByRole('dialog', { name: 'Sign In' });
    await user.click(within(login).getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
