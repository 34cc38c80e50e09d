import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { decodeClaims, registerUser } from '../../support/accounts.js';

describe('POST /api/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { JWT_TTL: '2h' } });
  });
  afterAll(() => t.close());

  const login = (payload: object, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });

  it('answers a signed token with the claims the web reads', async () => {
    const user = await registerUser(t.app);
    const res = await login({ email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = decodeClaims(token);
    expect(claims).toMatchObject({
      id: user.id,
      userId: user.id,
      role: 'user',
      email: user.email,
      username: user.username,
    });
    const now = Math.floor(Date.now() / 1000);
    expect(claims.exp).toBeGreaterThanOrEqual(now + 7200 - 5);
    expect(claims.exp).toBeLessThanOrEqual(now + 7200 + 5);
  });

  it('gives the same 401 for an unknown email and a wrong password', async () => {
    const user = await registerUser(t.app);
    const wrongPassword = await login(
      { email: user.email, password: 'not the password' },
      '10.0.0.2',
    );
    const unknownEmail = await login(
      { email: 'nobody@example.com', password: user.password },
      '10.0.0.2',
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password.' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('takes about as long for an unknown email as for a wrong password', async () => {
    // Without the decoy hash an unknown email would answer in well under a millisecond against
    // tens of milliseconds for a real argon2 check: a ratio near 0.02, far outside these bounds.
    // Medians of interleaved attempts keep a busy machine's noise out of the comparison.
    const user = await registerUser(t.app);
    const timed = async (email: string, i: number) => {
      const started = performance.now();
      const res = await login({ email, password: `wrong-password-${i}` }, `10.9.${i}.1`);
      expect(res.statusCode).toBe(401);
      return performance.now() - started;
    };
    await timed('warm-up@example.com', 0);
    const wrongPassword: number[] = [];
    const unknownEmail: number[] = [];
    for (let i = 1; i <= 9; i += 1) {
      wrongPassword.push(await timed(user.email, i));
      unknownEmail.push(await timed(`nobody${i}@example.com`, i + 100));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const ratio = median(unknownEmail) / median(wrongPassword);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('answers 400 with field errors when fields are missing', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password']);
  });
});
