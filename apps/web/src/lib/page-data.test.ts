import { PAGE_DATA_ELEMENT_ID } from '@nexusplay/contract/page-data';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listReply, stubApi, stubFetch } from '../test/fetch-stub';

/** The page data is read from the document once per page load: each test loads the modules anew. */
async function loadPage(data: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_DATA_ELEMENT_ID;
  element.textContent = data;
  document.body.append(element);
  vi.resetModules();
  const [client, pageData] = await Promise.all([import('./api-client'), import('./page-data')]);
  return { ...client, ...pageData };
}

const games = [
  { id: 2, name: 'Pixels' },
  { id: 1, name: 'Axie Infinity' },
];

describe('answers carried in the page', () => {
  beforeEach(() => {
    document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers the first request for a carried path without asking the server, once', async () => {
    const { getList } = await loadPage(
      JSON.stringify({ '/games?limit=24&offset=0': { body: games, total: 57 } }),
    );
    const fetchMock = stubApi(() => listReply([{ id: 9 }]));

    await expect(getList('/games', { limit: 24, offset: 0 })).resolves.toEqual({
      items: games,
      total: 57,
    });
    expect(fetchMock).not.toHaveBeenCalled();
    // The element is read once and leaves the document.
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();

    await expect(getList('/games', { limit: 24, offset: 0 })).resolves.toEqual({
      items: [{ id: 9 }],
      total: 1,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the server for any other path, and for every path once the data is discarded', async () => {
    const { apiRequest, discardPageData, getList } = await loadPage(
      JSON.stringify({
        '/games?limit=24&offset=0': { body: games, total: 2 },
        '/blogs/4': { body: { id: 4, title: 'Carried' } },
      }),
    );
    const fetchMock = stubApi(({ url }) =>
      url.pathname === '/api/blogs/4' ? { status: 200, body: { id: 4 } } : listReply([]),
    );

    await getList('/games', { q: 'pix', limit: 24, offset: 0 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/games?q=pix&limit=24&offset=0');

    discardPageData();
    await apiRequest('/blogs/4');
    await getList('/games', { limit: 24, offset: 0 });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/games?q=pix&limit=24&offset=0',
      '/api/blogs/4',
      '/api/games?limit=24&offset=0',
    ]);
  });

  it('never answers a write from the page', async () => {
    const { apiRequest } = await loadPage(JSON.stringify({ '/blogs/4': { body: { id: 4 } } }));
    const fetchMock = stubFetch({ status: 204 });
    await apiRequest('/blogs/4', { method: 'DELETE' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the server when the carried data cannot be read', async () => {
    const { apiRequest } = await loadPage('{"/blogs/4": {"body": ');
    const fetchMock = stubFetch({ status: 200, body: { id: 4, title: 'From the server' } });
    await expect(apiRequest('/blogs/4')).resolves.toEqual({ id: 4, title: 'From the server' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
