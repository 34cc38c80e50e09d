import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TGame } from '@nexusplay/contract/games';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsMade, listReply, stubApi, type ApiCall } from '../../../test/fetch-stub';
import { makeGame } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { adminToken } from '../../../test/tokens';

const GAMES = [
  makeGame(1, { name: 'Axie Infinity' }),
  makeGame(2, { name: 'Pixels', image: '/uploads/pixels.webp' }),
];

type Reply = ReturnType<Parameters<typeof stubApi>[0]>;

/** The games after a write `onWrite` answered with success, as the server would keep them. */
function afterWrite(games: TGame[], { method, url }: ApiCall, reply: Reply): TGame[] {
  if (!reply || reply.status >= 300) return games;
  const id = Number(url.pathname.split('/').at(-1));
  if (method === 'DELETE') return games.filter((game) => game.id !== id);
  const saved = reply.body as TGame;
  if (method === 'POST') return [saved, ...games];
  return games.map((game) => (game.id === saved.id ? saved : game));
}

/**
 * The games list for the table, and `onWrite` for every other call; a write it answers with
 * success changes the list the table reads next, so a test sees what the page shows after it.
 */
function stubGamesAdmin(onWrite: (call: ApiCall) => Reply = () => undefined) {
  let games = GAMES;
  return stubApi((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/games') return listReply(games);
    const reply = onWrite(call);
    games = afterWrite(games, call, reply);
    return reply;
  });
}

const cell = (name: string) => screen.queryByRole('cell', { name });

/** The multipart fields of the nth call, files named by their file name. */
function sentFields(fetchMock: ReturnType<typeof stubApi>, call: number) {
  const body = fetchMock.mock.calls[call]?.[1]?.body;
  expect(body).toBeInstanceOf(FormData);
  return Object.fromEntries(
    [...(body as FormData).entries()].map(([key, value]) => [
      key,
      value instanceof File ? `file:${value.name}` : value,
    ]),
  );
}

function lastCallIndex(fetchMock: ReturnType<typeof stubApi>, prefix: string) {
  return callsMade(fetchMock).findLastIndex((call) => call.startsWith(prefix));
}

/** A person can pick any file through "All files"; user-event would otherwise honour accept. */
function userEventIgnoringAccept() {
  return userEvent.setup({ applyAccept: false });
}

async function openPage() {
  const rendered = renderApp('/admin/games', { token: adminToken() });
  // The first visit compiles the admin area's code, which takes longer than a page normally does.
  await screen.findByRole('cell', { name: 'Axie Infinity' }, { timeout: 5000 });
  return rendered;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('Manage Games table', () => {
  it('shows a search total the server counted only so far as a lower bound, with Next', async () => {
    const matches = Array.from({ length: 40 }, (_, i) => makeGame(100 - i, { name: `Farm ${i}` }));
    const fetchMock = stubApi((call) => {
      if (call.method !== 'GET' || call.url.pathname !== '/api/games') return undefined;
      if (!call.url.searchParams.get('q')) return listReply(GAMES);
      const offset = Number(call.url.searchParams.get('offset'));
      return {
        status: 200,
        body: matches.slice(offset, offset + 20),
        headers: { 'X-Total-Count': '120', 'X-Total-Count-Lower-Bound': 'true' },
      };
    });
    await openPage();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search games' }), 'farm');
    expect(
      await screen.findByText('Showing 1–20 of 120+', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(cell('Farm 0')).toBeInTheDocument();
    expect(cell('Axie Infinity')).not.toBeInTheDocument();
    const pages = within(screen.getByRole('navigation', { name: 'Games pages' }));
    await userEvent.click(pages.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21–40 of 120+')).toBeInTheDocument();
    expect(cell('Farm 20')).toBeInTheDocument();
    expect(cell('Farm 0')).not.toBeInTheDocument();
    expect(callsMade(fetchMock)).toContain('GET /api/games?q=farm&limit=20&offset=20');
    // The first test to open the page waits for the admin area's code to compile.
  }, 30_000);

  it('lists the games with a thumbnail, a Visit link and the actions', async () => {
    const fetchMock = stubGamesAdmin();
    await openPage();
    const row = within(screen.getByRole('row', { name: /Pixels/ }));
    expect(row.getByRole('link', { name: /Visit/ })).toHaveAttribute(
      'href',
      'https://game2.example.com',
    );
    expect(row.getByRole('link', { name: /Visit/ })).toHaveAttribute('target', '_blank');
    expect(row.getByRole('button', { name: 'Edit Pixels' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Delete Pixels' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(callsMade(fetchMock)).toContain('GET /api/games?limit=20&offset=0');
  });
});

describe('deleting a game', () => {
  it('asks first, then deletes and says so', async () => {
    const fetchMock = stubGamesAdmin(({ method, url }) =>
      method === 'DELETE' && url.pathname === '/api/games/1'
        ? { status: 200, body: { message: 'Game deleted.' } }
        : undefined,
    );
    const { user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Delete Axie Infinity' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete game?' }));
    expect(callsMade(fetchMock)).not.toContain('DELETE /api/games/1');
    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Game deleted successfully!')).toBeInTheDocument();
    expect(callsMade(fetchMock)).toContain('DELETE /api/games/1');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The table reads the list again and the game is gone from it.
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(cell('Axie Infinity')).not.toBeInTheDocument();
    expect(cell('Pixels')).toBeInTheDocument();
  });

  it('says so when the game could not be deleted', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubGamesAdmin(({ method }) =>
      method === 'DELETE' ? { status: 500, body: { message: 'Internal Server Error' } } : undefined,
    );
    const { user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Delete Pixels' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete game.')).toBeInTheDocument();
    expect(screen.queryByText('Game deleted successfully!')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(cell('Pixels')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it('deletes nothing when cancelled', async () => {
    const fetchMock = stubGamesAdmin();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Delete Pixels' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsMade(fetchMock).filter((call) => call.startsWith('DELETE'))).toEqual([]);
    expect(cell('Pixels')).toBeInTheDocument();
  });
});

describe('the game form', () => {
  it('adds a game: checks the fields, then sends them with the image as multipart', async () => {
    const fetchMock = stubGamesAdmin(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/games'
        ? { status: 201, body: makeGame(3, { name: 'Big Time' }) }
        : undefined,
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add Game' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Game' }));

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Name is required.')).toBeInTheDocument();
    expect(dialog.getByText('Description is required.')).toBeInTheDocument();
    expect(dialog.getByText('Link is required.')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Name'), 'Big Time');
    await user.type(dialog.getByLabelText('Description'), 'An action RPG.');
    await user.type(dialog.getByLabelText('Link'), 'javascript:alert(1)');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText('Link must be a web address starting with http:// or https://.'),
    ).toBeInTheDocument();
    expect(callsMade(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([]);

    await user.clear(dialog.getByLabelText('Link'));
    await user.type(dialog.getByLabelText('Link'), 'https://bigtime.gg');
    const picture = new File(['png'], 'cover.png', { type: 'image/png' });
    await user.upload(dialog.getByLabelText('Image'), picture);
    expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = lastCallIndex(fetchMock, 'POST /api/games');
    expect(sentFields(fetchMock, post)).toEqual({
      name: 'Big Time',
      description: 'An action RPG.',
      link: 'https://bigtime.gg',
      image: 'file:cover.png',
    });
    // The browser writes the multipart type and boundary itself.
    expect(new Headers(fetchMock.mock.calls[post]?.[1]?.headers).has('Content-Type')).toBe(false);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
    // The table reads the list again and shows the new game.
    expect(await screen.findByRole('cell', { name: 'Big Time' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
    expect(screen.getByText('Game added.')).toBeInTheDocument();
  });

  it('refuses a file that is not an image before sending anything', async () => {
    stubGamesAdmin();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add Game' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Game' }));
    const input = dialog.getByLabelText('Image');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif,image/avif');

    const upload = userEventIgnoringAccept();
    await upload.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(dialog.getByText('Choose a PNG, JPEG, WebP, GIF or AVIF image.')).toBeInTheDocument();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('edits a game: loads it, and can drop its picture', async () => {
    const fetchMock = stubGamesAdmin(({ method, url }) =>
      method === 'PUT' && url.pathname === '/api/games/2'
        ? { status: 200, body: makeGame(2, { name: 'Pixels Online' }) }
        : undefined,
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit Pixels' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Game' }));
    expect(dialog.getByLabelText('Name')).toHaveValue('Pixels');
    expect(dialog.getByLabelText('Link')).toHaveValue('https://game2.example.com');
    expect(dialog.getByRole('img', { name: 'The current image' })).toHaveAttribute(
      'src',
      '/uploads/pixels.webp',
    );

    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Pixels Online');
    await user.click(dialog.getByRole('button', { name: 'Remove current image' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentFields(fetchMock, lastCallIndex(fetchMock, 'PUT /api/games/2'))).toEqual({
      name: 'Pixels Online',
      description: 'The description of game 2.',
      link: 'https://game2.example.com',
      remove_image: 'true',
    });
    // The table reads the list again and shows the game as saved.
    expect(await screen.findByRole('cell', { name: 'Pixels Online' })).toBeInTheDocument();
    expect(cell('Pixels')).not.toBeInTheDocument();
    expect(screen.getByText('Game updated.')).toBeInTheDocument();
  });

  it("shows the server's field messages under the fields and other failures above", async () => {
    let answer: Reply = {
      status: 400,
      body: { message: 'Validation failed.', errors: { name: 'A game with this name exists.' } },
    };
    stubGamesAdmin(({ method }) => (method === 'PUT' ? answer : undefined));
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit Axie Infinity' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Game' }));

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('A game with this name exists.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveAccessibleDescription(
      'A game with this name exists.',
    );
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();

    answer = { status: 413, body: { message: 'The image must be 5 MB or smaller.' } };
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The image must be 5 MB or smaller.',
    );
    expect(screen.getByRole('dialog', { name: 'Edit Game' })).toBeInTheDocument();
  });

  it('closes without saving on Cancel', async () => {
    const fetchMock = stubGamesAdmin();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add Game' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Game' }));
    await user.type(dialog.getByLabelText('Name'), 'Half done');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsMade(fetchMock).filter((call) => !call.startsWith('GET'))).toEqual([]);

    // Opened again, the form starts empty.
    await user.click(screen.getByRole('button', { name: 'Add Game' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Add Game' })).getByLabelText('Name'),
    ).toHaveValue('');
  });
});
