/**
 * Asks the server to refuse this token from now on (POST /api/logout). Signing out here does not
 * wait for the answer: the token is forgotten at once, and should the server be unreachable the
 * token still expires when it would have. `keepalive` lets the request finish if the page goes.
 */
export function endServerSession(token: string): void {
  fetch('/api/logout', {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch((error: unknown) => {
    console.warn('The server could not be told of the sign-out.', error);
  });
}
