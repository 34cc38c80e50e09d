import {
  TOTAL_COUNT_HEADER,
  TOTAL_IS_LOWER_BOUND_HEADER,
} from '@nexusplay/contract/wire-constants';
import { describe, expect, it } from 'vitest';
import { stubApi, stubFetch } from '../test/fetch-stub';
import { userToken } from '../test/tokens';
import {
  ApiError,
  apiRequest,
  getList,
  nextListOffset,
  readErrorResponse,
  SESSION_ENDED_MESSAGE,
} from './api-client';
import { dismissSignedOutNotice, getSignedOutNotice, TOKEN_STORAGE_KEY } from './auth-token';

describe('apiRequest', () => {
  it('sends JSON under /api with the stored token as a bearer', async () => {
    const token = userToken();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    const fetchMock = stubFetch({ status: 200, body: { ok: true } });

    const answer = await apiRequest<{ ok: boolean }>('/things', {
      method: 'POST',
      body: { name: 'x' },
    });

    expect(answer).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(init?.body).toBe('{"name":"x"}');
  });

  it('sends a bare GET without a stored token, and answers undefined for an empty body', async () => {
    const fetchMock = stubFetch({ status: 204 });
    await expect(apiRequest('/things')).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    const headers = new Headers(init?.headers);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('hands the abort signal to fetch', async () => {
    const fetchMock = stubFetch({ status: 200, body: [] });
    const controller = new AbortController();
    await apiRequest('/things', { signal: controller.signal });
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
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
      message: 'Already taken.',
      serverMessage: 'Already taken.',
      fieldErrors: { email: 'Email is already registered.' },
      serverError: undefined,
    });
  });

  it("keeps the link routes' error field", async () => {
    stubFetch({ status: 400, body: { message: 'Invalid.', error: 'That URL is not allowed.' } });
    await expect(apiRequest('/links', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 400,
      serverError: 'That URL is not allowed.',
      fieldErrors: {},
    });
  });

  it('leaves the server message empty when the body is not the error shape', async () => {
    stubFetch({ status: 500, body: '<html>' });
    const error = await apiRequest('/things').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 500,
      message: 'The request failed with status 500.',
      serverMessage: undefined,
      fieldErrors: {},
    });
  });

  it("drops the stored token when an authenticated call answers 401, keeping the server's why", async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, userToken());
    stubFetch({ status: 401, body: { message: 'Your password was changed.' } });
    await expect(apiRequest('/wallets')).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(getSignedOutNotice()).toBe('Your password was changed.');
    dismissSignedOutNotice();
  });

  it('says the session ended when a 401 brings no message', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, userToken());
    stubFetch({ status: 401 });
    await expect(apiRequest('/wallets')).rejects.toBeInstanceOf(ApiError);
    expect(getSignedOutNotice()).toBe(SESSION_ENDED_MESSAGE);
    dismissSignedOutNotice();
  });

  it('ends no session when a guest call answers 401', async () => {
    stubFetch({ status: 401, body: { message: 'Wrong email or password.' } });
    await expect(apiRequest('/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      serverMessage: 'Wrong email or password.',
    });
    expect(getSignedOutNotice()).toBeNull();
  });
});

describe('apiRequest with a FormData body', () => {
  it('sends it as multipart, leaving the Content-Type to the browser', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, userToken());
    const fetchMock = stubFetch({ status: 201, body: { id: 1 } });
    const form = new FormData();
    form.set('name', 'Pixels');

    await apiRequest<{ id: number }>('/games', { method: 'POST', body: form });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    const headers = new Headers(init?.headers);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.get('Authorization')).toMatch(/^Bearer /);
  });
});

describe('getList', () => {
  type Item = { id: number };

  it('sends search and paging, and reads the total from X-Total-Count', async () => {
    const fetchMock = stubApi(() => ({
      status: 200,
      body: [{ id: 3 }, { id: 4 }],
      headers: { 'X-Total-Count': '120' },
    }));
    const page = await getList<Item>('/games', { q: ' axie  ', limit: 2, offset: 2 });
    expect(page).toEqual({ items: [{ id: 3 }, { id: 4 }], total: 120 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/games?q=axie&limit=2&offset=2');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('says when the total is only a lower bound', async () => {
    stubApi(() => ({
      status: 200,
      body: [{ id: 1 }],
      headers: { [TOTAL_COUNT_HEADER]: '101', [TOTAL_IS_LOWER_BOUND_HEADER]: 'true' },
    }));
    expect(await getList<Item>('/games', { q: 'game', limit: 1 })).toEqual({
      items: [{ id: 1 }],
      total: 101,
      totalIsLowerBound: true,
    });
  });

  it('leaves out an empty search', async () => {
    const fetchMock = stubApi(() => ({ status: 200, body: [], headers: { 'X-Total-Count': '0' } }));
    await getList<Item>('/games', { q: '   ' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/games');
  });

  it('counts the rows received when the header is missing', async () => {
    stubApi(() => ({ status: 200, body: [{ id: 1 }] }));
    expect(await getList<Item>('/tools', { offset: 20 })).toEqual({
      items: [{ id: 1 }],
      total: 21,
    });
  });

  it('fails with an ApiError like any other call', async () => {
    stubApi(() => ({ status: 500, body: { message: 'Down.' } }));
    await expect(getList<Item>('/games')).rejects.toMatchObject({ status: 500 });
  });

  it('fails when the answer is not a list', async () => {
    stubApi(() => ({ status: 200, body: { items: [] } }));
    await expect(getList<Item>('/games')).rejects.toThrow('/games did not answer with a list.');
  });
});

describe('readErrorResponse', () => {
  it("reads the message, the field errors and the link routes' error", () => {
    const body = { message: 'Invalid.', errors: { url: 'Enter a URL.' }, error: 'Invalid.' };
    expect(readErrorResponse(body)).toEqual(body);
    expect(readErrorResponse({ message: 'Gone.' })).toEqual({ message: 'Gone.' });
  });

  it.each([
    ['no body', undefined],
    ['text', 'Bad Gateway'],
    ['no message', { errors: { url: 'Enter a URL.' } }],
    ['a message that is not text', { message: 500 }],
    ['field errors that are not text', { message: 'Invalid.', errors: { url: ['Enter a URL.'] } }],
    ['field errors in a list', { message: 'Invalid.', errors: ['Enter a URL.'] }],
    ['an error that is not text', { message: 'Invalid.', error: { code: 1 } }],
  ])('refuses %s', (_, body) => {
    expect(readErrorResponse(body)).toBeUndefined();
  });
});

describe('nextListOffset', () => {
  it('gives the offset after the rows loaded while more match', () => {
    const first = { items: [1, 2], total: 5 };
    const second = { items: [3, 4], total: 5 };
    expect(nextListOffset(first, [first])).toBe(2);
    expect(nextListOffset(second, [first, second])).toBe(4);
    const last = { items: [5], total: 5 };
    expect(nextListOffset(last, [first, second, last])).toBeUndefined();
  });
});
