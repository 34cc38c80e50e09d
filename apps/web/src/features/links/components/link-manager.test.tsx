import type { TLink } from '@nexusplay/contract/links';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsMade, listReply, stubApi, type ApiCall } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { userToken } from '../../../test/tokens';

function makeLink(id: number, overrides: Partial<TLink> = {}): TLink {
  return {
    id,
    title: `Link ${id}`,
    url: `https://link${id}.example.com/page`,
    category: null,
    user_id: 7,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

type Reply = ReturnType<Parameters<typeof stubApi>[0]>;

/** A links server holding `links`: it searches title and category and pages like the real one. */
function stubLinksServer(links: TLink[], onOther: (call: ApiCall) => Reply = () => undefined) {
  return stubApi((call) => {
    const { method, url } = call;
    if (method !== 'GET' || url.pathname !== '/api/links') return onOther(call);
    const q = url.searchParams.get('q')?.toLowerCase() ?? '';
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 1000);
    const found = links.filter((link) =>
      [link.title, link.category ?? ''].some((text) => text.toLowerCase().includes(q)),
    );
    return listReply(found.slice(offset, offset + limit), found.length);
  });
}

function linkReads(fetchMock: ReturnType<typeof stubApi>) {
  return callsMade(fetchMock).filter((call) => call.startsWith('GET /api/links'));
}

function openPage() {
  return renderApp('/tools/link', { token: userToken() });
}

describe('Link Manager table', () => {
  it('sends a guest to sign in first', async () => {
    const { router } = renderApp('/tools/link');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=/tools/link');
  });

  it('says so when the user has no links', async () => {
    stubLinksServer([]);
    openPage();
    expect(await screen.findByText('No data available.')).toBeInTheDocument();
  });

  it('shows ID, title and category, with an Open button for a new tab', async () => {
    stubLinksServer([makeLink(4, { title: 'Pixels wiki', category: 'Guides' })]);
    openPage();
    const cell = await screen.findByRole('cell', { name: /^Pixels wiki/ });
    const row = within(cell.closest('tr')!);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ID',
      'Title',
      'Category',
      'Actions',
    ]);
    expect(row.getByRole('cell', { name: '4' })).toBeInTheDocument();
    expect(row.getByText('Guides')).toBeInTheDocument();
    const open = row.getByRole('link', { name: 'Open Pixels wiki in a new tab' });
    expect(open).toHaveTextContent('Open');
    expect(open).toHaveAttribute('href', 'https://link4.example.com/page');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(row.getByRole('button', { name: 'Edit Pixels wiki' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Delete Pixels wiki' })).toBeInTheDocument();
  });

  // Two pages of a table take jsdom a few seconds on a busy machine.
  it('shows at most 10 links and pages through the rest', async () => {
    const fetchMock = stubLinksServer(
      Array.from({ length: 12 }, (_, index) => makeLink(index + 1)),
    );
    const { user } = openPage();
    await screen.findByText('Link 10');
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Showing 1–10 of 12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Link 12')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(linkReads(fetchMock)).toEqual([
      'GET /api/links?user_id=7&limit=10&offset=0',
      'GET /api/links?user_id=7&limit=10&offset=10',
    ]);
  }, 15_000);

  it('searches title or category on the server once the typing pauses', async () => {
    const fetchMock = stubLinksServer([
      makeLink(1, { title: 'Axie guide', category: 'Guides' }),
      makeLink(2, { title: 'Market', category: 'Pixels' }),
    ]);
    const { user } = openPage();
    await screen.findByRole('cell', { name: /^Market/ });

    await user.type(screen.getByRole('searchbox', { name: 'Search links' }), 'pixels');
    await expect.poll(() => screen.queryByRole('cell', { name: /^Axie guide/ })).toBeNull();
    expect(linkReads(fetchMock)).toEqual([
      'GET /api/links?user_id=7&limit=10&offset=0',
      'GET /api/links?user_id=7&q=pixels&limit=10&offset=0',
    ]);
  });
});

describe('saving a link', () => {
  it('checks the URL, then sends the trimmed values with the user id', async () => {
    const fetchMock = stubLinksServer([], ({ method }) =>
      method === 'POST' ? { status: 201, body: makeLink(1) } : undefined,
    );
    const { user } = openPage();
    await screen.findByText('No data available.');
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Link' }));

    await user.type(dialog.getByLabelText('Title'), '  Pixels wiki ');
    await user.type(dialog.getByLabelText('URL'), 'pixels wiki');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText('URL must be a web address starting with http:// or https://.'),
    ).toBeInTheDocument();
    expect(callsMade(fetchMock)).not.toContain('POST /api/links');

    await user.clear(dialog.getByLabelText('URL'));
    await user.type(dialog.getByLabelText('URL'), ' https://pixels.wiki ');
    await user.type(dialog.getByLabelText('Category'), ' Guides ');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = callsMade(fetchMock).indexOf('POST /api/links');
    expect(JSON.parse(String(fetchMock.mock.calls[post]?.[1]?.body))).toEqual({
      title: 'Pixels wiki',
      url: 'https://pixels.wiki',
      category: 'Guides',
      user_id: 7,
    });
    expect(screen.getByText('Link added.')).toBeInTheDocument();
  });

  it("shows the server's error field in red in the modal when there is one", async () => {
    stubLinksServer([], ({ method }) =>
      method === 'POST'
        ? {
            status: 400,
            body: { message: 'Generic message.', error: 'That link looks wrong to the server.' },
          }
        : undefined,
    );
    const { user } = openPage();
    await screen.findByText('No data available.');
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Link' }));
    await user.type(dialog.getByLabelText('Title'), 'Pixels');
    await user.type(dialog.getByLabelText('URL'), 'https://pixels.xyz');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'That link looks wrong to the server.',
    );
  });

  it('falls back to "Failed to create link." without an error field', async () => {
    stubLinksServer([], ({ method }) =>
      method === 'POST' ? { status: 500, body: { message: 'Something went wrong.' } } : undefined,
    );
    const { user } = openPage();
    await screen.findByText('No data available.');
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Link' }));
    await user.type(dialog.getByLabelText('Title'), 'Pixels');
    await user.type(dialog.getByLabelText('URL'), 'https://pixels.xyz');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(/^Failed to create link\.$/);
  });

  it('falls back to "Failed to update link." when an edit fails without an error field', async () => {
    stubLinksServer([makeLink(1, { title: 'Pixels', category: 'Games' })], ({ method }) =>
      method === 'PUT' ? { status: 502 } : undefined,
    );
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Pixels' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Link' }));
    expect(dialog.getByLabelText('URL')).toHaveValue('https://link1.example.com/page');
    expect(dialog.getByLabelText('Category')).toHaveValue('Games');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(/^Failed to update link\.$/);
  });
});

describe('deleting a link', () => {
  it('asks first, then deletes it', async () => {
    const links = [makeLink(1, { title: 'Pixels' })];
    const fetchMock = stubLinksServer(links, ({ method, url }) => {
      if (method !== 'DELETE' || url.pathname !== '/api/links/1') return undefined;
      links.length = 0;
      return { status: 200, body: { message: 'Link deleted.' } };
    });
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Pixels' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete link?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No data available.')).toBeInTheDocument();
    expect(callsMade(fetchMock)).toContain('DELETE /api/links/1');
    expect(screen.getByText('Link deleted.')).toBeInTheDocument();
  });
});

describe('importing links', () => {
  it('takes a bookmarks file and lists the refused rows by line', async () => {
    const fetchMock = stubLinksServer([], ({ method, url }) =>
      method === 'POST' && url.pathname === '/api/links/import'
        ? {
            status: 200,
            body: {
              imported: 5,
              skipped: 0,
              rejected: [
                { line: 9, reason: 'URL must be a web address starting with http:// or https://.' },
                { line: 14, reason: 'Title is required.' },
              ],
            },
          }
        : undefined,
    );
    const { user } = openPage();
    await screen.findByText('No data available.');
    const input = screen.getByLabelText('Choose a file of links to import');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.html'));

    await user.upload(
      input,
      new File(['<!DOCTYPE NETSCAPE-Bookmark-file-1>'], 'bookmarks.html', { type: 'text/html' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Import finished' }));
    expect(dialog.getByText('Imported').nextElementSibling).toHaveTextContent('5');
    expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 9: URL must be a web address starting with http:// or https://.',
      'Line 14: Title is required.',
    ]);
    expect(callsMade(fetchMock)).toContain('POST /api/links/import');
  });
});

describe('refusals of the row cap and of a download', () => {
  it('shows the cap (409) when one link too many is added', async () => {
    const capped = 'You can keep at most 10,000 links. Delete some to add more.';
    // The link routes carry the message as `error` too (SPEC 7).
    stubLinksServer([], ({ method }) =>
      method === 'POST' ? { status: 409, body: { message: capped, error: capped } } : undefined,
    );
    const { user } = openPage();
    await screen.findByText('No data available.');
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Link' }));
    await user.type(dialog.getByLabelText('Title'), 'Pixels');
    await user.type(dialog.getByLabelText('URL'), 'https://pixels.xyz');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(capped);
  });

  it('says why an export is refused (429), in the server’s words', async () => {
    const busy = 'Too many downloads are being prepared. Try again in a few seconds.';
    const fetchMock = stubLinksServer([makeLink(1)], ({ method, url }) =>
      method === 'GET' && url.pathname === '/api/links/export'
        ? { status: 429, body: { message: busy, error: busy } }
        : undefined,
    );
    const { user } = openPage();
    await screen.findByText('Link 1');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(busy);
    expect(callsMade(fetchMock)).toContain('GET /api/links/export');
  });
});
