import type { TWallet } from '@nexusplay/contract/wallets';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsMade, listReply, stubApi, type ApiCall } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { userToken } from '../../../test/tokens';

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678';

function makeWallet(id: number, overrides: Partial<TWallet> = {}): TWallet {
  return {
    id,
    wallet_name: `Wallet ${id}`,
    wallet_address: `0x${String(id).padStart(40, '0')}`,
    category: null,
    user_id: 7,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

type Reply = ReturnType<Parameters<typeof stubApi>[0]>;

/** A wallets server holding `wallets`: it searches and pages like the real one. */
function stubWalletsServer(
  wallets: TWallet[],
  onOther: (call: ApiCall) => Reply = () => undefined,
) {
  return stubApi((call) => {
    const { method, url } = call;
    if (method !== 'GET' || url.pathname !== '/api/wallets') return onOther(call);
    const q = url.searchParams.get('q')?.toLowerCase() ?? '';
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 1000);
    const found = wallets.filter((wallet) =>
      [wallet.wallet_name, wallet.wallet_address, wallet.category ?? ''].some((text) =>
        text.toLowerCase().includes(q),
      ),
    );
    return listReply(found.slice(offset, offset + limit), found.length);
  });
}

function walletReads(fetchMock: ReturnType<typeof stubApi>) {
  return callsMade(fetchMock).filter((call) => call.startsWith('GET /api/wallets'));
}

/** The body rows of the wallets table, without its header row. */
function bodyRows() {
  return screen.getAllByRole('row').slice(1);
}

function openPage() {
  return renderApp('/tools/wallet', { token: userToken() });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Wallet Tracker access', () => {
  it('sends a guest to sign in first, remembering the page', async () => {
    const { router } = renderApp('/tools/wallet');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=/tools/wallet');
  });
});

describe('Wallet Tracker table', () => {
  it('says so when the user has no wallets', async () => {
    stubWalletsServer([]);
    openPage();
    expect(await screen.findByText('No wallets available.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet Tracker' })).toBeInTheDocument();
  });

  // Four pages of a table take jsdom a few seconds on a busy machine.
  it("asks for the user's own wallets and shows at most 10, paging through the rest", async () => {
    const wallets = Array.from({ length: 23 }, (_, index) => makeWallet(index + 1));
    const fetchMock = stubWalletsServer(wallets);
    const { user } = openPage();

    expect(await screen.findByText('Wallet 10')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.queryByText('Wallet 11')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1–10 of 23')).toBeInTheDocument();
    expect(walletReads(fetchMock)).toEqual(['GET /api/wallets?user_id=7&limit=10&offset=0']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Wallet 11')).toBeInTheDocument();
    expect(screen.getByText('Showing 11–20 of 23')).toBeInTheDocument();
    expect(walletReads(fetchMock)).toContain('GET /api/wallets?user_id=7&limit=10&offset=10');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Wallet 23')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Wallet 11')).toBeInTheDocument();
  }, 15_000);

  it('shows no paging while every wallet fits on one page', async () => {
    stubWalletsServer([makeWallet(1), makeWallet(2)]);
    openPage();
    await screen.findByRole('cell', { name: 'Wallet 2' });
    expect(screen.queryByRole('navigation', { name: 'Wallet pages' })).not.toBeInTheDocument();
  });

  it('links each wallet to its activity, filtered to that wallet, and all of them to the whole', async () => {
    stubWalletsServer([makeWallet(1), makeWallet(2)]);
    openPage();
    expect(await screen.findByRole('link', { name: 'Activity of Wallet 2' })).toHaveAttribute(
      'href',
      '/activity?wallet_id=2',
    );
    expect(screen.getByRole('link', { name: 'All activity' })).toHaveAttribute('href', '/activity');
  });

  it('searches name, address or category on the server once the typing pauses', async () => {
    const fetchMock = stubWalletsServer([
      makeWallet(1, { wallet_name: 'Main', category: 'Pixels' }),
      makeWallet(2, { wallet_name: 'Scholar', category: 'Axie' }),
    ]);
    const { user } = openPage();
    await screen.findByRole('cell', { name: 'Scholar' });

    await user.type(screen.getByRole('searchbox', { name: 'Search wallets' }), 'axie');
    await expect.poll(() => screen.queryByRole('cell', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('cell', { name: 'Scholar' })).toBeInTheDocument();
    // One request for the whole word, none for the letters typed on the way.
    expect(walletReads(fetchMock)).toEqual([
      'GET /api/wallets?user_id=7&limit=10&offset=0',
      'GET /api/wallets?user_id=7&q=axie&limit=10&offset=0',
    ]);

    await user.clear(screen.getByRole('searchbox', { name: 'Search wallets' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search wallets' }), 'nothing');
    expect(await screen.findByText('No wallets match your search.')).toBeInTheDocument();
  });
});

describe('copying an address', () => {
  function stubClipboard(writeText: (text: string) => Promise<void>) {
    const spy = vi.fn(writeText);
    // Set after rendering: user-event installs a clipboard of its own when it is set up.
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: spy },
      configurable: true,
    });
    return spy;
  }

  it('shows the address shortened and copies it whole, confirming for 3 seconds', async () => {
    stubWalletsServer([makeWallet(1, { wallet_name: 'Main', wallet_address: ADDRESS })]);
    openPage();
    const row = within((await screen.findByRole('cell', { name: 'Main' })).closest('tr')!);
    expect(row.getByText('0x1234…5678')).toHaveAttribute('title', ADDRESS);
    const writeText = stubClipboard(async () => {});

    vi.useFakeTimers();
    fireEvent.click(row.getByRole('button', { name: 'Copy the address of Main' }));
    await act(async () => {});

    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    const toast = screen.getByText('Wallet address copied!');
    expect(toast.closest('[aria-live="polite"]')).not.toBeNull();

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Wallet address copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Wallet address copied!')).not.toBeInTheDocument();
  });

  it('says so when the browser refuses to copy', async () => {
    stubWalletsServer([makeWallet(1, { wallet_name: 'Main', wallet_address: ADDRESS })]);
    const { user } = openPage();
    await screen.findByRole('cell', { name: 'Main' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubClipboard(async () => {
      throw new DOMException('Denied', 'NotAllowedError');
    });

    await user.click(screen.getByRole('button', { name: 'Copy the address of Main' }));
    expect(await screen.findByText('The address could not be copied.')).toBeInTheDocument();
    expect(screen.queryByText('Wallet address copied!')).not.toBeInTheDocument();
  });
});

describe('adding, editing and deleting wallets', () => {
  it('checks the form, then sends the trimmed values with the user id', async () => {
    const fetchMock = stubWalletsServer([], ({ method, url }) =>
      method === 'POST' && url.pathname === '/api/wallets'
        ? { status: 201, body: makeWallet(1) }
        : undefined,
    );
    const { user } = openPage();
    await screen.findByText('No wallets available.');

    await user.click(screen.getByRole('button', { name: 'Add Wallet' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Wallet' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Wallet name is required.')).toBeInTheDocument();
    expect(dialog.getByText('Wallet address is required.')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Wallet Name'), '  Main  ');
    await user.type(dialog.getByLabelText('Wallet Address'), 'not an address');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText(
        'Wallet address must be 0x or ronin: followed by 40 hexadecimal characters.',
      ),
    ).toBeInTheDocument();

    await user.clear(dialog.getByLabelText('Wallet Address'));
    await user.type(dialog.getByLabelText('Wallet Address'), ` ${ADDRESS} `);
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = callsMade(fetchMock).indexOf('POST /api/wallets');
    expect(JSON.parse(String(fetchMock.mock.calls[post]?.[1]?.body))).toEqual({
      wallet_name: 'Main',
      wallet_address: ADDRESS,
      category: null,
      user_id: 7,
    });
    expect(screen.getByText('Wallet added.')).toBeInTheDocument();
  });

  it("shows the server's duplicate-address message under the address", async () => {
    const message = 'You already track this wallet address.';
    stubWalletsServer([makeWallet(1, { wallet_name: 'Main', category: 'Pixels' })], ({ method }) =>
      method === 'PUT'
        ? { status: 409, body: { message, errors: { wallet_address: message } } }
        : undefined,
    );
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Main' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Wallet' }));
    expect(dialog.getByLabelText('Category')).toHaveValue('Pixels');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(dialog.getByLabelText('Wallet Address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Wallet updated.')).not.toBeInTheDocument();
  });

  it('asks before deleting, then removes the wallet', async () => {
    const wallets = [makeWallet(1, { wallet_name: 'Main' }), makeWallet(2)];
    const fetchMock = stubWalletsServer(wallets, ({ method, url }) => {
      if (method !== 'DELETE' || url.pathname !== '/api/wallets/1') return undefined;
      wallets.splice(0, 1);
      return { status: 200, body: { message: 'Wallet deleted.' } };
    });
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Main' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete wallet?' }));
    expect(callsMade(fetchMock)).not.toContain('DELETE /api/wallets/1');

    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect.poll(() => screen.queryByRole('cell', { name: 'Main' })).toBeNull();
    expect(callsMade(fetchMock)).toContain('DELETE /api/wallets/1');
    expect(screen.getByText('Wallet deleted.')).toBeInTheDocument();
  });
});

describe('export and import', () => {
  it('downloads the CSV export with the bearer token', async () => {
    const token = userToken();
    const fetchMock = stubWalletsServer([], ({ method, url }) =>
      method === 'GET' && url.pathname === '/api/wallets/export'
        ? {
            status: 200,
            body: 'wallet_name,wallet_address,category',
            headers: { 'Content-Disposition': 'attachment; filename="wallets.csv"' },
          }
        : undefined,
    );
    URL.createObjectURL = vi.fn(() => 'blob:wallets');
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(`${this.download} ${this.href}`);
    });
    const { user } = renderApp('/tools/wallet', { token });
    await screen.findByText('No wallets available.');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await expect.poll(() => downloads).toEqual(['wallets.csv blob:wallets']);
    const exportCall = fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/api/wallets/export'),
    );
    expect(new Headers(exportCall?.[1]?.headers).get('Authorization')).toBe(`Bearer ${token}`);
    const saved = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(await saved.text()).toContain('wallet_name,wallet_address,category');
  });

  it('says so when the export fails', async () => {
    stubWalletsServer([], ({ url }) =>
      url.pathname === '/api/wallets/export'
        ? { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } }
        : undefined,
    );
    const { user } = openPage();
    await screen.findByText('No wallets available.');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again.',
    );
  });

  it('uploads the chosen CSV file and shows what happened to each row', async () => {
    const fetchMock = stubWalletsServer([], ({ method, url }) =>
      method === 'POST' && url.pathname === '/api/wallets/import'
        ? {
            status: 200,
            body: {
              imported: 2,
              skipped: 1,
              rejected: [{ line: 4, reason: 'Wallet name is required.' }],
            },
          }
        : undefined,
    );
    const { user } = openPage();
    await screen.findByText('No wallets available.');

    const file = new File(['wallet_name,wallet_address,category\n'], 'wallets.csv', {
      type: 'text/csv',
    });
    await user.upload(screen.getByLabelText('Choose a file of wallets to import'), file);

    const dialog = within(await screen.findByRole('dialog', { name: 'Import finished' }));
    const figure = (label: string) => dialog.getByText(label).nextElementSibling?.textContent;
    expect(figure('Imported')).toBe('2');
    expect(figure('Skipped')).toBe('1');
    expect(figure('Rejected')).toBe('1');
    expect(dialog.getByRole('listitem')).toHaveTextContent('Line 4: Wallet name is required.');

    const importCall = fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/api/wallets/import'),
    );
    const body = importCall?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
    // The list is read again, so the imported wallets show at once.
    await expect.poll(() => walletReads(fetchMock).length).toBe(2);

    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's reason when a file is refused", async () => {
    stubWalletsServer([], ({ method }) =>
      method === 'POST'
        ? { status: 413, body: { message: 'The file is larger than 1 MB.' } }
        : undefined,
    );
    const { user } = openPage();
    await screen.findByText('No wallets available.');
    await user.upload(
      screen.getByLabelText('Choose a file of wallets to import'),
      new File(['x'], 'wallets.csv', { type: 'text/csv' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Import failed' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('The file is larger than 1 MB.');
  });
});

describe('refusals of the row cap and of a download', () => {
  it('shows the cap (409) when one wallet too many is added', async () => {
    const capped = 'You can keep at most 1,000 wallets. Delete some to add more.';
    stubWalletsServer([], ({ method }) =>
      method === 'POST' ? { status: 409, body: { message: capped } } : undefined,
    );
    const { user } = openPage();
    await screen.findByText('No wallets available.');
    await user.click(screen.getByRole('button', { name: 'Add Wallet' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Wallet' }));
    await user.type(dialog.getByLabelText('Wallet Name'), 'Main');
    await user.type(dialog.getByLabelText('Wallet Address'), ADDRESS);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(capped);
  });

  it('says why an export is refused (429), in the server’s words', async () => {
    const busy = 'Your previous download is still being prepared. Try again when it has finished.';
    stubWalletsServer([], ({ url }) =>
      url.pathname === '/api/wallets/export' ? { status: 429, body: { message: busy } } : undefined,
    );
    const { user } = openPage();
    await screen.findByText('No wallets available.');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(busy);
  });
});
