import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stubFetch } from '../test/fetch-stub';
import { userToken } from '../test/tokens';
import { ApiError, apiRequest } from './api-client';
import { TOKEN_STORAGE_KEY } from './auth-token';

describe('apiRequest', () => {
  it('sends JSON under /api with the stored token as a bearer', async () => {
    const token = userToken();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    const fetchMock = stubFetch({ status: 200, body: { ok: true } });

    const answer = await apiRequest('/things', {
      method: 'POST',
      body: { name: 'x' },
      schema: z.object({ ok: z.boolean() }),
    });

    expect(answer).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things');
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(init?.body).toBe('{"name":"x"}');
  });

  it('sends no Authorization header without a stored token', async () => {
    const fetchMock = stubFetch({ status: 204 });
    await apiRequest('/things');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('turns the error shape into an ApiError', async () => {
    stubFetch({
      status: 409,
      body: { message: 'Already taken.', errors: { email: 'Email is already registered.' } },
    });
    const error = await apiRequest('/register', { method: 'POST', body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      serverMessage: 'Already taken.',
      fieldErrors: { email: 'Email is already registered.' },
    });
  });

  it('leaves the server message empty when the body is not the error shape', async () => {
    stubFetch({ status: 500, body: '<html>' });
    const error = await apiRequest('/things').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.serverMessage).toBeUndefined();
  });

  it('drops the stored token when an authenticated call answers 401', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, userToken());
    stubFetch({ status: 401, body: { message: 'Unauthorized.' } });
    await expect(apiRequest('/wallets')).rejects.toBeInstanceOf(ApiError);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
