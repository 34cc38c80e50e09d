import { ZErrorResponse, type TErrorResponse } from '@nexusplay/contract/errors';
import type { z } from 'zod';
import { clearStoredToken, getStoredToken } from './auth-token';

const API_BASE = '/api';

/** A failed API call, carrying the one error shape the server answers with. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own message, when it sent one. */
  readonly serverMessage: string | undefined;
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(status: number, body: TErrorResponse | undefined) {
    super(body?.message ?? `The request failed with status ${status}.`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = body?.message;
    this.fieldErrors = body?.errors ?? {};
  }
}

type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
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

export function apiRequest<TSchema extends z.ZodType>(
  path: string,
  options: ApiRequestOptions & { schema: TSchema },
): Promise<z.output<TSchema>>;
export function apiRequest(path: string, options?: ApiRequestOptions): Promise<void>;
export async function apiRequest(
  path: string,
  { method = 'GET', body, signal, schema }: ApiRequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const token = getStoredToken();
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);

  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const json = await readJson(response);

  if (!response.ok) {
    // The server no longer accepts this token, so keeping it would only fail the next call too.
    if (response.status === 401 && token !== null) clearStoredToken();
    const error = ZErrorResponse.safeParse(json);
    throw new ApiError(response.status, error.success ? error.data : undefined);
  }
  return schema ? schema.parse(json) : undefined;
}
