import type { TUserListItem } from '@nexusplay/contract/users';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsMade, listReply, sentBody, stubApi, type ApiCall } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { LONG_EMAIL, shownWhole } from '../../../test/readable';
import { adminToken } from '../../../test/tokens';

type Reply = ReturnType<Parameters<typeof stubApi>[0]>;

const USERS: TUserListItem[] = [
  { id: 1, username: 'boss', email: 'boss@example.com', role: 'admin', created_at: '2025-01-01' },
  {
    id: 7,
    username: 'playerone',
    email: 'player.one@example.com',
    role: 'user',
    created_at: '2025-02-01',
  },
];

const NEW_USER: TUserListItem = {
  id: 8,
  username: 'citra',
  email: 'citra@example.com',
  role: 'user',
  created_at: '2025-03-01',
};

function stubUsersAdmin(onWrite: (call: ApiCall) => Reply = () => undefined) {
  return stubApi((call) =>
    call.method === 'GET' && call.url.pathname === '/api/users'
      ? listReply(USERS, 41)
      : onWrite(call),
  );
}

async function openPage() {
  const rendered = renderApp('/admin/users', { token: adminToken() });
  // The first visit compiles the admin area's code, which takes longer than a page normally does.
  await screen.findByRole('cell', { name: 'player.one@example.com' }, { timeout: 5000 });
  return rendered;
}

// The first test also waits for the admin area's code to compile.
describe('Manage Users', { timeout: 15_000 }, () => {
  it('lists the accounts and searches and pages on the server', async () => {
    const fetchMock = stubUsersAdmin();
    const { user } = await openPage();
    expect(callsMade(fetchMock)).toContain('GET /api/users?limit=20&offset=0');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Username',
      'Email',
      'Role',
      'Actions',
    ]);
    const row = within(screen.getByRole('row', { name: /playerone/ }));
    expect(row.getByRole('cell', { name: 'user' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Edit playerone' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Delete playerone' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 41')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'player');
    await vi.waitFor(() =>
      expect(callsMade(fetchMock)).toContain('GET /api/users?q=player&limit=20&offset=0'),
    );
  });

  it('says so when a search finds nobody, without an empty pager', async () => {
    stubApi((call) =>
      call.method === 'GET' && call.url.pathname === '/api/users'
        ? call.url.searchParams.get('q')
          ? listReply([], 0)
          : listReply(USERS, 41)
        : undefined,
    );
    const { user } = await openPage();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(await screen.findByText('No users match this search.')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'User pages' })).not.toBeInTheDocument();
  });

  it('shows a long email whole, in the list and in the delete confirmation', async () => {
    const long = { ...NEW_USER, email: LONG_EMAIL };
    stubApi((call) =>
      call.method === 'GET' && call.url.pathname === '/api/users'
        ? listReply([...USERS, long], 3)
        : undefined,
    );
    const { user } = await openPage();
    expect(
      shownWhole(screen.getByRole('cell', { name: LONG_EMAIL }).firstElementChild as HTMLElement),
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Delete citra' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(LONG_EMAIL)).toHaveClass('wrap-anywhere');
  });

  it('checks the fields before sending anything', async () => {
    const fetchMock = stubUsersAdmin();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add New User' }));
    expect(dialog.getByLabelText('Role')).toHaveValue('user');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Username is required.')).toBeInTheDocument();
    expect(dialog.getByText('Email is required.')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Email'), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(callsMade(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('shows the generated password once, with a copy button, after adding an account', async () => {
    const fetchMock = stubUsersAdmin(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/users'
        ? { status: 201, body: { user: NEW_USER, password: 'kT9-mvq2-Zr7x' } }
        : undefined,
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add New User' }));
    await user.type(form.getByLabelText('Username'), 'citra');
    await user.type(form.getByLabelText('Email'), 'citra@example.com');
    await user.selectOptions(form.getByLabelText('Role'), 'admin');
    await user.click(form.getByRole('button', { name: 'Save' }));

    const created = within(await screen.findByRole('dialog', { name: 'User Created' }));
    // The password dialog is the confirmation; no toast says it a second time.
    expect(screen.queryByText('User updated.')).not.toBeInTheDocument();
    expect(sentBody(fetchMock, callsMade(fetchMock).indexOf('POST /api/users'))).toEqual({
      username: 'citra',
      email: 'citra@example.com',
      role: 'admin',
    });
    expect(created.getByLabelText('Password for citra')).toHaveValue('kT9-mvq2-Zr7x');
    expect(created.getByText(/This password will not be shown again/)).toBeInTheDocument();
    await user.click(created.getByRole('button', { name: 'Copy password' }));
    expect(await created.findByText('Password copied to the clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('kT9-mvq2-Zr7x');

    await user.click(created.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('kT9-mvq2-Zr7x')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByRole('dialog', { name: 'Add New User' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue('kT9-mvq2-Zr7x')).not.toBeInTheDocument();
  });

  it('puts the server’s reasons for refusing an account under their fields', async () => {
    stubUsersAdmin(({ method }) =>
      method === 'POST'
        ? {
            status: 409,
            body: {
              message: 'This email is already registered.',
              errors: {
                email: 'This email is already registered.',
                username: 'This username is already taken.',
              },
            },
          }
        : undefined,
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add New User' }));
    await user.type(dialog.getByLabelText('Username'), 'playerone');
    await user.type(dialog.getByLabelText('Email'), 'player.one@example.com');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('This email is already registered.')).toBeInTheDocument();
    expect(dialog.getByText('This username is already taken.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Email')).toHaveAccessibleDescription(
      'This email is already registered.',
    );
  });

  it('drops a reason once its field changes, and the next submission replaces them all', async () => {
    const replies: Reply[] = [
      {
        status: 409,
        body: {
          message: 'This email is already registered.',
          errors: {
            email: 'This email is already registered.',
            username: 'This username is already taken.',
          },
        },
      },
      { status: 500, body: { message: 'Internal server error.' } },
    ];
    stubUsersAdmin(({ method }) => (method === 'POST' ? replies.shift() : undefined));
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add New User' }));
    await user.type(dialog.getByLabelText('Username'), 'playerone');
    await user.type(dialog.getByLabelText('Email'), 'player.one@example.com');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('This username is already taken.')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Username'), '2');
    expect(dialog.queryByText('This username is already taken.')).not.toBeInTheDocument();
    expect(dialog.getByText('This email is already registered.')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Internal server error.');
    expect(dialog.queryByText('This email is already registered.')).not.toBeInTheDocument();
    // A reason about no field in particular is about the whole form.
    await user.selectOptions(dialog.getByLabelText('Role'), 'admin');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('mails an account a reset link from its edit dialog', async () => {
    const fetchMock = stubUsersAdmin(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/users/7/reset-link'
        ? {
            status: 200,
            body: { message: 'A reset link is on its way to player.one@example.com.' },
          }
        : undefined,
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit playerone' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    await user.click(dialog.getByRole('button', { name: 'Send reset link to playerone' }));
    expect(
      await dialog.findByText('A reset link is on its way to player.one@example.com.'),
    ).toBeInTheDocument();
    expect(callsMade(fetchMock)).toContain('POST /api/users/7/reset-link');
  });

  it('edits an account and sends its fields', async () => {
    const fetchMock = stubUsersAdmin(({ method, url }) =>
      method === 'PUT' && url.pathname === '/api/users/7'
        ? { status: 200, body: { ...USERS[1]!, role: 'admin' } }
        : undefined,
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit playerone' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    expect(dialog.getByLabelText('Username')).toHaveValue('playerone');
    expect(dialog.getByLabelText('Email')).toHaveValue('player.one@example.com');
    await user.selectOptions(dialog.getByLabelText('Role'), 'admin');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBody(fetchMock, callsMade(fetchMock).indexOf('PUT /api/users/7'))).toEqual({
      username: 'playerone',
      email: 'player.one@example.com',
      role: 'admin',
    });
    expect(screen.getByText('User updated.')).toBeInTheDocument();
  });

  it('deletes an account after confirmation and says so in the toast', async () => {
    const fetchMock = stubUsersAdmin(({ method }) =>
      method === 'DELETE' ? { status: 200, body: { message: 'Deleted.' } } : undefined,
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Delete playerone' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete user?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsMade(fetchMock)).toContain('DELETE /api/users/7');
    expect(screen.getByText('User deleted.')).toBeInTheDocument();
  });

  it('shows the server’s reason in the dialog when a delete is refused', async () => {
    const reason =
      'The last administrator cannot be removed or made a user. Make another account an admin first.';
    stubUsersAdmin(({ method }) =>
      method === 'DELETE' ? { status: 409, body: { message: reason } } : undefined,
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Delete boss' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete user?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.queryByText('User deleted.')).not.toBeInTheDocument();
  });
});
