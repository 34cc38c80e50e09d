import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsMade, stubApi } from '../test/fetch-stub';
import { adminToken, expiredToken, makeToken, userToken } from '../test/tokens';
import { AuthProvider, useAuth } from './auth';
import { TOKEN_STORAGE_KEY } from './auth-token';

function AuthProbe({ tokenToLogin = '' }: { tokenToLogin?: string }) {
  const auth = useAuth();
  return (
    <div>
      <p>{auth.isLoggedIn ? 'logged in' : 'logged out'}</p>
      <p>{auth.isAdmin ? 'admin' : 'not admin'}</p>
      <p>{auth.isAuthenticating ? 'checking' : 'checked'}</p>
      <p>user id: {auth.userId ?? 'none'}</p>
      <p>email: {auth.user?.email ?? 'none'}</p>
      <p>username: {auth.user?.username ?? 'none'}</p>
      <p>role: {auth.user?.role ?? 'none'}</p>
      <button type="button" onClick={() => auth.login(tokenToLogin)}>
        log in
      </button>
      <button type="button" onClick={auth.logout}>
        log out
      </button>
    </div>
  );
}

function renderWithStoredToken(token: string | null, tokenToLogin?: string) {
  if (token !== null) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  render(
    <AuthProvider>
      <AuthProbe tokenToLogin={tokenToLogin} />
    </AuthProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AuthProvider at startup', () => {
  it('signs in with a stored token whose exp lies in the future', () => {
    renderWithStoredToken(userToken());
    expect(screen.getByText('logged in')).toBeInTheDocument();
    expect(screen.getByText('checked')).toBeInTheDocument();
    expect(screen.getByText('not admin')).toBeInTheDocument();
    expect(screen.getByText('user id: 7')).toBeInTheDocument();
    expect(screen.getByText('email: player.one@example.com')).toBeInTheDocument();
    expect(screen.getByText('username: playerone')).toBeInTheDocument();
    expect(screen.getByText('role: user')).toBeInTheDocument();
  });

  it('recognises an admin and reads the user id from userId when id is absent', () => {
    renderWithStoredToken(adminToken({ id: undefined, userId: 42 }));
    expect(screen.getByText('admin')).toBeInTheDocument();
    expect(screen.getByText('user id: 42')).toBeInTheDocument();
  });

  it('signs out, warns and forgets an expired token', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithStoredToken(expiredToken());
    expect(screen.getByText('logged out')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('treats a token without exp as invalid', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithStoredToken(makeToken({ id: 7, role: 'user', email: 'player.one@example.com' }));
    expect(screen.getByText('logged out')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['an exp that is not a number', { exp: String(Math.floor(Date.now() / 1000) + 600) }],
    ['a role that is not text', { role: 5 }],
    ['an id that is not a number', { id: '7' }],
  ])('treats a token with %s as invalid', (_, claims) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithStoredToken(userToken(claims));
    expect(screen.getByText('logged out')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs out when the stored token cannot be decoded', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithStoredToken('not-a-token');
    expect(screen.getByText('logged out')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(error).toHaveBeenCalled();
  });
});

describe('AuthProvider login and logout', () => {
  it('stores a readable token under "token" and signs in', async () => {
    const token = userToken();
    renderWithStoredToken(null, token);
    await userEvent.click(screen.getByRole('button', { name: 'log in' }));
    expect(screen.getByText('logged in')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('only logs an error when the token cannot be decoded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithStoredToken(null, 'garbage');
    await userEvent.click(screen.getByRole('button', { name: 'log in' }));
    expect(error).toHaveBeenCalled();
    expect(screen.getByText('logged out')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('forgets the token and every claim on logout', async () => {
    renderWithStoredToken(adminToken());
    await userEvent.click(screen.getByRole('button', { name: 'log out' }));
    expect(screen.getByText('logged out')).toBeInTheDocument();
    expect(screen.getByText('not admin')).toBeInTheDocument();
    expect(screen.getByText('user id: none')).toBeInTheDocument();
    expect(screen.getByText('email: none')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('asks the server to end the session, then forgets the token', async () => {
    const token = userToken();
    const fetchMock = stubApi(() => undefined);
    renderWithStoredToken(token);
    await userEvent.click(screen.getByRole('button', { name: 'log out' }));
    expect(callsMade(fetchMock)).toEqual(['POST /api/logout']);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      `Bearer ${token}`,
    );
    expect(screen.getByText('logged out')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs out here even when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithStoredToken(userToken());
    await userEvent.click(screen.getByRole('button', { name: 'log out' }));
    expect(screen.getByText('logged out')).toBeInTheDocument();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
  });

  it('signs out when another tab removes the token', () => {
    renderWithStoredToken(userToken());
    act(() => {
      window.localStorage.removeItem(TOKEN_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    });
    expect(screen.getByText('logged out')).toBeInTheDocument();
  });

  it('signs out when the token expires while the page is open', () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithStoredToken(userToken({ exp: Math.floor(Date.now() / 1000) + 5 }));
    expect(screen.getByText('logged in')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(6000);
    });
    expect(screen.getByText('logged out')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
