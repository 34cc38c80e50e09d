import type { TErrorResponse } from '@nexusplay/contract/errors';
import {
  TOTAL_COUNT_HEADER,
  TOTAL_IS_LOWER_BOUND_HEADER,
} from '@nexusplay/contract/wire-constants';
import { listPath } from '@nexusplay/contract/page-data';
import { endRefusedSession, getStoredToken } from './auth-token';
import { reportServerReached } from './network-status';
import { takePageResponse } from './page-data';
import type { TListQuery } from '@nexusplay/contract/lists';

const API_BASE = '/api';
/** Said when the server refuses a token without a message of its own. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** A failed API call, carrying the one error shape the server answers with. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own message, when it sent one. */
  readonly serverMessage: string | undefined;
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** The `error` field the link routes add, which the Link Manager shows (SPEC 7). */
  readonly serverError: string | undefined;

  constructor(status: number, body: TErrorResponse | undefined) {
    super(body?.message ?? `The request failed with status ${status}.`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = body?.message;
    this.fieldErrors = body?.errors ?? {};
    this.serverError = body?.error;
  }
}

type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A FormData body travels as multipart; anything else as JSON. */
  body?: unknown;
  signal?: AbortSignal | undefined;
};

/** One page of a list, with the number of rows that match in all. */
export type ListPage<TItem> = {
  items: TItem[];
  total: number;
  /** A search counts its matches only so far: `total` or more match. */
  totalIsLowerBound?: boolean;
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function send(
  path: string,
  { method = 'GET', body, signal }: ApiRequestOptions,
): Promise<{ headers: Headers; json: unknown }> {
  if (method === 'GET') {
    // The page's HTML may carry this answer already (see page-data.ts).
    const carried = takePageResponse(path);
    if (carried) {
      const headers = new Headers();
      if (carried.total !== undefined) headers.set(TOTAL_COUNT_HEADER, String(carried.total));
      return { headers, json: carried.body };
    }
  }
  const token = getStoredToken();
  const isMultipart = body instanceof FormData;
  const headers = new Headers({ Accept: 'application/json' });
  // The browser writes the multipart Content-Type itself, boundary included.
  if (body !== undefined && !isMultipart) headers.set('Content-Type', 'application/json');
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isMultipart ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // fetch rejects with a TypeError only when no answer came at all; an abort is the caller's.
    if (error instanceof TypeError) reportServerReached(false);
    throw error;
  }
  reportServerReached(true);
  const json = await readJson(response);

  if (!response.ok) {
    // The server no longer accepts this token, so keeping it would only fail the next call too.
    const error = readErrorResponse(json);
    if (response.status === 401 && token !== null) {
      endRefusedSession(token, error?.message ?? SESSION_ENDED_MESSAGE);
    }
    throw new ApiError(response.status, error);
  }
  return { headers: response.headers, json };
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The body of a failed call when it has the one error shape (TErrorResponse), else undefined. */
export function readErrorResponse(body: unknown): TErrorResponse | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, errors, error } = body as Record<string, unknown>;
  if (!isString(message)) return undefined;
  if (error !== undefined && !isString(error)) return undefined;
  if (errors !== undefined) {
    if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return undefined;
    if (!Object.values(errors).every(isString)) return undefined;
  }
  return {
    message,
    ...(errors === undefined ? {} : { errors: errors as Record<string, string> }),
    ...(error === undefined ? {} : { error }),
  };
}

/**
 * Calls the API and hands back its JSON answer as `TResponse`, the contract's type for it. The
 * answer is taken on trust: the server checks every response against the contract's schema
 * before sending it, and checking it again here would put the schema library on every page.
 */
export async function apiRequest<TResponse = void>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<TResponse> {
  const { json } = await send(path, options);
  return json as TResponse;
}

/**
 * Calls a paged endpoint whose body is an object (rows beside other facts) and whose number of
 * matching rows comes in the X-Total-Count header, as getList does for a plain array.
 */
export async function apiRequestWithTotal<TResponse>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<{ body: TResponse; total: number | undefined }> {
  const { headers, json } = await send(path, options);
  const header = Number.parseInt(headers.get(TOTAL_COUNT_HEADER) ?? '', 10);
  return { body: json as TResponse, total: Number.isNaN(header) ? undefined : header };
}

/**
 * Reads one page of a list endpoint. The body is the plain array of rows; the number of matching
 * rows comes in the X-Total-Count header.
 */
export async function getList<TItem>(
  path: string,
  { signal, ...query }: TListQuery & { signal?: AbortSignal | undefined } = {},
): Promise<ListPage<TItem>> {
  const { headers, json } = await send(listPath(path, query), { signal });
  // Taken on trust like any answer (see apiRequest), but a page needs at least a list to show.
  if (!Array.isArray(json)) throw new Error(`${path} did not answer with a list.`);
  const items = json as TItem[];
  const header = Number.parseInt(headers.get(TOTAL_COUNT_HEADER) ?? '', 10);
  // Without the header the rows received are all that is known to exist.
  const total = Number.isNaN(header) ? (query.offset ?? 0) + items.length : header;
  return headers.get(TOTAL_IS_LOWER_BOUND_HEADER) === 'true'
    ? { items, total, totalIsLowerBound: true }
    : { items, total };
}

/** The offset of the page after the ones loaded, or undefined when every match is loaded. */
export function nextListOffset<TItem>(
  lastPage: ListPage<TItem>,
  pages: ListPage<TItem>[],
): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.items.length, 0);
  return lastPage.items.length > 0 && loaded < lastPage.total ? loaded : undefined;
}
