function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** An unsigned token: the web only decodes tokens, it never verifies them. */
export function makeToken(claims: Record<string, unknown>): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`;
}

export function userToken(overrides: Record<string, unknown> = {}): string {
  return makeToken({
    id: 7,
    userId: 7,
    role: 'user',
    email: 'player.one@example.com',
    username: 'playerone',
    exp: nowInSeconds() + 3600,
    ...overrides,
  });
}

export function adminToken(overrides: Record<string, unknown> = {}): string {
  return userToken({
    id: 1,
    userId: 1,
    role: 'admin',
    email: 'boss@example.com',
    username: 'boss',
    ...overrides,
  });
}

export function expiredToken(): string {
  return userToken({ exp: nowInSeconds() - 60 });
}
