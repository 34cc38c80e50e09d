import { describe, expect, it } from 'vitest';
import { isSavedApiRequest } from './offline-caches';

const at = (path: string) => new URL(path, 'https://nexusplay.test');
const anonymous = new Headers({ Accept: 'application/json' });
const signedIn = new Headers({ Accept: 'application/json', Authorization: 'Bearer abc' });

describe('isSavedApiRequest', () => {
  it.each(['/api/games', '/api/games?page=2', '/api/games/3', '/api/blogs/7', '/api/tools'])(
    'keeps a public GET %s sent without a session',
    (path) => {
      expect(isSavedApiRequest('GET', at(path), anonymous)).toBe(true);
    },
  );

  it('keeps nothing a session asked for, public or not', () => {
    expect(isSavedApiRequest('GET', at('/api/games'), signedIn)).toBe(false);
    expect(isSavedApiRequest('GET', at('/api/portfolio'), signedIn)).toBe(false);
  });

  it.each([
    '/api/wallets',
    '/api/links/3',
    '/api/income-pixels',
    '/api/income-axie/export',
    '/api/portfolio/history',
    '/api/activity',
    '/api/notifications',
    '/api/alerts',
    '/api/account/export',
    '/api/auth/sessions',
    '/api/me',
    '/api/users',
  ])('never keeps the personal route %s, even asked without a session', (path) => {
    expect(isSavedApiRequest('GET', at(path), anonymous)).toBe(false);
  });

  it('keeps no write and no path that only starts like a public one', () => {
    expect(isSavedApiRequest('POST', at('/api/games'), anonymous)).toBe(false);
    expect(isSavedApiRequest('GET', at('/api/gamesx'), anonymous)).toBe(false);
    expect(isSavedApiRequest('GET', at('/api/health'), anonymous)).toBe(false);
  });
});
