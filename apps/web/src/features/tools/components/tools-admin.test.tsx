import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsMade, listReply, sentBody, stubApi } from '../../../test/fetch-stub';
import { SEEDED_TOOLS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { adminToken } from '../../../test/tokens';

async function openPage() {
  const rendered = renderApp('/admin/tools', { token: adminToken() });
  // The first visit compiles the admin area's code, which takes longer than a page normally does.
  await screen.findByRole('cell', { name: 'Wallet Tracker' }, { timeout: 5000 });
  return rendered;
}

describe('Manage Tools', () => {
  it('adds a tool as JSON after checking the required fields', async () => {
    const fetchMock = stubApi(({ method, url }) => {
      if (url.pathname !== '/api/tools') return undefined;
      if (method === 'GET') return listReply(SEEDED_TOOLS);
      if (method === 'POST') return { status: 201, body: { ...SEEDED_TOOLS[0]!, id: 6 } };
      return undefined;
    });
    const { user } = await openPage();
    expect(callsMade(fetchMock)).toContain('GET /api/tools?limit=20&offset=0');

    await user.click(screen.getByRole('button', { name: 'Add Tool' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Tool' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Name is required.')).toBeInTheDocument();
    expect(dialog.getByText('Icon is required.')).toBeInTheDocument();
    expect(dialog.getByText('Description is required.')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Name'), 'Quest Log');
    await user.type(dialog.getByLabelText('Icon'), 'trophy');
    await user.type(dialog.getByLabelText('Description'), 'Catat quest harianmu.');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = callsMade(fetchMock).indexOf('POST /api/tools');
    expect(sentBody(fetchMock, post)).toEqual({
      name: 'Quest Log',
      icon: 'trophy',
      description: 'Catat quest harianmu.',
      link: '',
    });
    expect(screen.getByText('Tool added.')).toBeInTheDocument();
  });

  it('shows a field message the server sends under its field', async () => {
    stubApi(({ method, url }) => {
      if (url.pathname === '/api/tools' && method === 'GET') return listReply(SEEDED_TOOLS);
      if (method === 'PUT') {
        return {
          status: 400,
          body: { message: 'Invalid.', errors: { link: 'Link must be a path on this site.' } },
        };
      }
      return undefined;
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit Wallet Tracker' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Tool' }));
    expect(dialog.getByLabelText('Link')).toHaveValue('/tools/wallet');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Link must be a path on this site.')).toBeInTheDocument();
  });
});
