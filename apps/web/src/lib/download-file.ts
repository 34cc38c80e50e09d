import { ApiError, readErrorResponse, SESSION_ENDED_MESSAGE } from './api-client';
import { endRefusedSession, getStoredToken } from './auth-token';

/** A browser may still be reading the file when the click returns, so the address lives on. */
const REVOKE_DELAY_MS = 10_000;

/** The name in `Content-Disposition: attachment; filename="wallets.csv"`, if there is one. */
function fileNameFrom(disposition: string | null): string | undefined {
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1];
}

async function readError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return new ApiError(response.status, readErrorResponse(body));
}

/**
 * Saves what an API path answers as a file. A plain link cannot carry the bearer token, so the
 * file is fetched with it and handed to the browser from memory.
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<void> {
  const token = getStoredToken();
  const headers = new Headers();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`/api${path}`, { headers });
  if (!response.ok) {
    // As in every other call: a token the server refuses would only fail the next call too.
    const error = await readError(response);
    if (response.status === 401 && token !== null) {
      endRefusedSession(token, error.serverMessage ?? SESSION_ENDED_MESSAGE);
    }
    throw error;
  }

  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileNameFrom(response.headers.get('Content-Disposition')) ?? fallbackName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
}
