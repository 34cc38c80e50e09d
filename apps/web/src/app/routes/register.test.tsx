import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

describe('/register page', () => {
  it('moves on to /login after the success alert', async () => {
    stubFetch({
      status: 201,
      body: { id: 3, username: 'playerone', email: 'player.one@example.com', role: 'user' },
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { router, user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Username'), 'playerone');
    await user.type(screen.getByLabelText('Email'), 'player.one@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(alert).toHaveBeenCalledWith('Registration successful! Please login.');
    expect(router.state.location.pathname).toBe('/login');
  });
});
