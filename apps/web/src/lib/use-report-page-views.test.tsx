import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsMade, sentBody, stubApi } from '../test/fetch-stub';
import { renderApp } from '../test/render-app';

function visitReports(fetchMock: ReturnType<typeof stubApi>) {
  return callsMade(fetchMock)
    .map((call, index) => (call === 'POST /api/visits' ? sentBody(fetchMock, index) : null))
    .filter((body) => body !== null);
}

describe('page view reports', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });

  it('report each public page once, by path, and never the sign-in or admin pages', async () => {
    const fetchMock = stubApi(() => undefined);
    const { router } = renderApp('/games?q=axie');
    await vi.waitFor(() => expect(visitReports(fetchMock)).toEqual([{ path: '/games' }]), {
      timeout: 5000,
    });
    const init = fetchMock.mock.calls[callsMade(fetchMock).indexOf('POST /api/visits')]?.[1];
    expect(init?.keepalive).toBe(true);

    await router.navigate('/about');
    await router.navigate('/login');
    await router.navigate('/register');
    // A guest is sent on to sign in, which is not reported either.
    await router.navigate('/admin/tools');
    await router.navigate('/blogs/3');
    await vi.waitFor(() =>
      expect(visitReports(fetchMock)).toEqual([
        { path: '/games' },
        { path: '/about' },
        { path: '/blogs/3' },
      ]),
    );
  });

  it('go by beacon where the browser has one', async () => {
    const fetchMock = stubApi(() => undefined);
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    renderApp('/tools');
    await vi.waitFor(() => expect(sendBeacon).toHaveBeenCalledTimes(1));
    const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/visits');
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual({ path: '/tools' });
    expect(callsMade(fetchMock)).not.toContain('POST /api/visits');
  });
});
