import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sentBody, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { RegisterForm } from './register-form';

async function fillIn(user: UserEvent, confirmPassword = 'correct horse') {
  await user.type(screen.getByLabelText('Username'), 'playerone');
  await user.type(screen.getByLabelText('Email'), 'Player.One@Example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('RegisterForm', () => {
  it('says the passwords differ and sends nothing', async () => {
    const fetchMock = stubFetch();
    const { user } = renderWithProviders(<RegisterForm />);
    await fillIn(user, 'correct horsf');
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses the username or the email as the password and sends nothing', async () => {
    const fetchMock = stubFetch();
    const { user } = renderWithProviders(<RegisterForm />);
    await user.type(screen.getByLabelText('Username'), 'playerone');
    await user.type(screen.getByLabelText('Email'), 'Player.One@Example.com');
    await user.type(screen.getByLabelText('Password'), 'PlayerOne');
    await user.type(screen.getByLabelText('Confirm Password'), 'PlayerOne');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(
      await screen.findByText('Password must not be your username or email.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of a common password in red above the form', async () => {
    const refusal = 'Password is too common or easy to guess. Please choose another.';
    stubFetch({ status: 400, body: { message: refusal, errors: { password: refusal } } });
    const { user } = renderWithProviders(<RegisterForm />);
    await fillIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('sends username, email and password, then alerts and reports success', async () => {
    const fetchMock = stubFetch({
      status: 201,
      body: { id: 3, username: 'playerone', email: 'player.one@example.com', role: 'user' },
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const onRegistered = vi.fn();
    const { user } = renderWithProviders(<RegisterForm onRegistered={onRegistered} />);
    await fillIn(user);

    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    expect(alert).toHaveBeenCalledWith('Registration successful! Please login.');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/register');
    expect(sentBody(fetchMock)).toEqual({
      username: 'playerone',
      email: 'player.one@example.com',
      password: 'correct horse',
    });
  });

  it.each([
    {
      case: 'the email error before the username error',
      errors: { username: 'Username is already taken.', email: 'Email is already registered.' },
      shown: 'Email is already registered.',
    },
    {
      case: 'the username error when there is no email error',
      errors: { username: 'Username is already taken.' },
      shown: 'Username is already taken.',
    },
    {
      case: 'the fallback when the server names neither',
      errors: undefined,
      shown: 'Registration failed. Please try again.',
    },
  ])('shows $case', async ({ errors, shown }) => {
    stubFetch({ status: 409, body: { message: 'Conflict.', errors } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user } = renderWithProviders(<RegisterForm />);
    await fillIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows the fallback when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    const { user } = renderWithProviders(<RegisterForm />);
    await fillIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration failed. Please try again.',
    );
  });

  it('disables the submit button with a busy label while sending', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise(() => {})),
    );
    const { user } = renderWithProviders(<RegisterForm />);
    await fillIn(user);
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  });
});
