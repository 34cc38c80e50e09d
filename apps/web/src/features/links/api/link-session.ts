import { ApiError } from '../../../lib/api-client';

/** Who is asking: the signed-in user's id and token, as the auth context holds them. */
export type LinkSession = { userId: number | null; token: string | null };

/** A link operation refused before anything was sent, with the words of SPEC 5. */
export class LinkRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LinkRequestError';
  }
}

/** The id of the user the operation acts for; without it, or without a token, nothing is sent. */
export function requireUser({ userId, token }: LinkSession): number {
  if (userId === null) throw new LinkRequestError('User ID is required.');
  requireToken({ userId, token });
  return userId;
}

/**
 * The request itself carries the stored token, which is the session's own; the check makes sure
 * there is a session at all before anything leaves the browser.
 */
export function requireToken({ token }: LinkSession): void {
  if (!token) throw new LinkRequestError('Authorization token is missing.');
}

/**
 * What to tell the user when a link operation fails: the reason it was refused here, else the
 * server's `error` field (SPEC 7), else `fallback`.
 */
export function linkFailureMessage(error: Error, fallback: string): string {
  if (error instanceof LinkRequestError) return error.message;
  if (error instanceof ApiError) return error.serverError ?? fallback;
  return fallback;
}
