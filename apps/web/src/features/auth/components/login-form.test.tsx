import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { jsonResponse, sentBody, stubFetch } from '../../../test/fetch-stub';
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

  it('says above the form what is missing, and sends nothing', async () => {
    const fetchMock = stubFetch();
    const { user } = renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Email is required.', 'Password is required.']);
    const email = screen.getByLabelText('Email');
    expect(alert.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the message away while the password is corrected, and shows the next one', async () => {
    const fetchMock = stubFetch({ status: 401, body: { message: 'Invalid email or password.' } });
    const { user } = renderWithProviders(<LoginForm />);
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    await user.type(screen.getByLabelText('Password'), '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fetchMock.mockResolvedValue(
      jsonResponse({ status: 429, body: { message: 'Too many sign-in attempts.' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many sign-in attempts\.$/);
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
