import { screen, within } from '@testing-library/react';
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

const USERNAME_TAKEN = { username: 'This username is already taken.' };

/** Whether the element comes before every input of the form, as a message above it does. */
function isAboveTheFields(element: HTMLElement) {
  return [...document.querySelectorAll('input')].every(
    (input) => element.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
}

describe('RegisterForm', () => {
  it('says the passwords differ above the form and sends nothing', async () => {
    const fetchMock = stubFetch();
    const { user } = renderWithProviders(<RegisterForm />);
    await fillIn(user, 'correct horsf');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Passwords do not match.');
    expect(isAboveTheFields(alert)).toBe(true);
    expect(screen.getAllByText('Passwords do not match.')).toHaveLength(1);
    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('Passwords do not match.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists what is missing above the form', async () => {
    const { user } = renderWithProviders(<RegisterForm />);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const alert = await screen.findByRole('alert');
    expect(isAboveTheFields(alert)).toBe(true);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Username is required.',
      'Email is required.',
      'Password is required.',
      'Please confirm your password.',
    ]);
  });

  it('clears a message once its field changes, and a new submission replaces it', async () => {
    stubFetch({ status: 409, body: { message: 'Conflict.', errors: USERNAME_TAKEN } });
    const { user } = renderWithProviders(<RegisterForm />);
    await fillIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('This username is already taken.');

    // Another field leaves the message about the username in place...
    await user.type(screen.getByLabelText('Email'), 'x');
    expect(screen.getByRole('alert')).toHaveTextContent('This username is already taken.');
    // ...the username itself takes it away.
    await user.type(screen.getByLabelText('Username'), '2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Confirm Password'), '!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Passwords do not match\.$/);
    await user.type(screen.getByLabelText('Password'), '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("replaces an old server message with the new submission's", async () => {
    stubFetch({ status: 409, body: { message: 'Conflict.', errors: USERNAME_TAKEN } });
    const { user } = renderWithProviders(<RegisterForm />);
    await fillIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('This username is already taken.');
    await user.type(screen.getByLabelText('Confirm Password'), '!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/^Passwords do not match\.$/),
    );
    expect(screen.queryByText('This username is already taken.')).not.toBeInTheDocument();
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

  it('sends username, email and password, then confirms in a toast and reports success', async () => {
    const fetchMock = stubFetch({
      status: 201,
      body: { id: 3, username: 'playerone', email: 'player.one@example.com', role: 'user' },
    });
    const onRegistered = vi.fn();
    const { user } = renderWithProviders(<RegisterForm onRegistered={onRegistered} />);
    await fillIn(user);

    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    expect(await screen.findByText('Registration successful! Please login.')).toBeInTheDocument();
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
    const { user } = renderWithProviders(<RegisterForm />);
    await fillIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.queryByText('Registration successful! Please login.')).not.toBeInTheDocument();
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
