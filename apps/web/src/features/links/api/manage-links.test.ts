import type { TLinkRequest } from '@nexusplay/contract/links';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub';
import { userToken } from '../../../test/tokens';
import { getLinks } from './get-links';
import { createLink, deleteLink, updateLink } from './manage-links';

const TOKEN = userToken();
const SESSION = { userId: 7, token: TOKEN };
const LINK = { title: 'Pixels', url: 'https://pixels.xyz', category: null };

describe('link operations refuse before sending anything', () => {
  it.each([
    ['reading without a user id', () => getLinks({ userId: null, token: TOKEN }, {})],
    ['adding without a user id', () => createLink({ userId: null, token: TOKEN }, LINK)],
    ['updating without a user id', () => updateLink({ userId: null, token: TOKEN }, 1, LINK)],
  ])('%s: User ID is required.', async (_, operation) => {
    const fetchMock = stubApi(() => undefined);
    await expect(operation()).rejects.toThrow('User ID is required.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['reading', () => getLinks({ userId: 7, token: null }, {})],
    ['adding', () => createLink({ userId: 7, token: null }, LINK)],
    ['updating', () => updateLink({ userId: 7, token: null }, 1, LINK)],
    ['deleting', () => deleteLink({ userId: 7, token: null }, 1)],
  ])('%s without a token: Authorization token is missing.', async (_, operation) => {
    const fetchMock = stubApi(() => undefined);
    await expect(operation()).rejects.toThrow('Authorization token is missing.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['adding without data', () => createLink(SESSION, undefined), 'Link data is required.'],
    [
      'updating without an id',
      () => updateLink(SESSION, undefined, LINK),
      'Link ID is required for updating.',
    ],
    [
      'updating without data',
      () => updateLink(SESSION, 1, undefined),
      'Update data cannot be empty.',
    ],
    [
      'updating with empty data',
      () => updateLink(SESSION, 1, {} as TLinkRequest),
      'Update data cannot be empty.',
    ],
    [
      'deleting without an id',
      () => deleteLink(SESSION, undefined),
      'Link ID is required for deletion.',
    ],
  ])('%s', async (_, operation, message) => {
    const fetchMock = stubApi(() => undefined);
    await expect(operation()).rejects.toThrow(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('link operations that may go ahead', () => {
  it('send the user id with a new link', async () => {
    const fetchMock = stubApi(({ method }) =>
      method === 'POST'
        ? {
            status: 201,
            body: { ...LINK, id: 3, user_id: 7, created_at: '2025-01-01T00:00:00.000Z' },
          }
        : undefined,
    );
    await expect(createLink(SESSION, LINK)).resolves.toMatchObject({ id: 3 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/links');
    expect(JSON.parse(String(init?.body))).toEqual({ ...LINK, user_id: 7 });
  });
});
