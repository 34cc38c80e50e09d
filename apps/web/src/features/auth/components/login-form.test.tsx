import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { sentBody, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { userToken } from '../../../test/tokens';
import { LoginForm } from './login-form';

async function signIn(user: UserEvent) {
  await user.type(screen.getByLabelText('Email'), 'player.one@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginForm', () => {
  it('has labelled inputs with autocomplete hints', () => {
    renderWithProviders(<LoginForm />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
  });

  it('shows field messages and sends nothing when the fields are empty', async () => {
    const fetchMock = stubFetch();
    const { user } = renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message above the form", async () => {
    stubFetch({ status: 401, body: { message: 'Invalid email or password.' } });
    const { user } = renderWithProviders(<LoginForm />);
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
  });

  it('falls back to the standard message when the server gives none', async () => {
    stubFetch({ status: 502 });
    const { user } = renderWithProviders(<LoginForm />);
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email or password. Please try again.',
    );
  });

  it('stores the returned token and reports success', async () => {
    const token = userToken();
    const fetchMock = stubFetch({ status: 200, body: { token } });
    const onLoggedIn = vi.fn();
    const { user } = renderWithProviders(<LoginForm onLoggedIn={onLoggedIn} />);
    await signIn(user);
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalledOnce());
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(sentBody(fetchMock)).toEqual({
      email: 'player.one@example.com',
      password: 'correct horse',
    });
  });

  it('disables the submit button with a busy label while sending', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise(() => {})),
    );
    const { user } = renderWithProviders(<LoginForm />);
    await signIn(user);
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
  });
});
