import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPasswordRefusedError,
  createAdmin,
  ensureFirstAdmin,
} from '../../../src/modules/users/first-admin.js';
import { countAdmins, getUserByEmail } from '../../../src/modules/users/users.repository.js';
import { loginToken, newIdentity } from '../../support/accounts.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const EDGE_BLANK = 'Password must not begin or end with a space, tab or line break.';
const IS_IDENTITY = 'Password must not be your username or email.';

describe('new passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/register', payload });

  it.each([
    'password',
    '12345678',
    'qwertyui',
    'Password1',
    'aaaaaaaa',
    'iloveyou',
    'abcdefgh',
    '87654321',
    'abcabcabc',
    'P@ssw0rd!',
    'Summer2024!',
    'nexusplay123',
  ])(
    'refuses the guessable password %s with the feedback as the field message, saving nothing',
    async (password) => {
      const identity = { ...newIdentity(), password };
      const res = await register(identity);
      expect(res.statusCode).toBe(400);
      const { message, errors } = res.json();
      expect(message).toMatch(/\w{4,}/u);
      expect(errors).toEqual({ password: message });
      expect(await getUserByEmail(t.db.kysely, identity.email)).toBeUndefined();
    },
  );

  it('refuses the username, the email and the email’s local part, in any case', async () => {
    const identity = newIdentity('Gamer.Longname');
    const localPart = identity.email.split('@')[0]!;
    for (const password of [
      identity.username.toUpperCase(),
      identity.email,
      localPart.toUpperCase(),
    ]) {
      const res = await register({ ...identity, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors).toEqual({ password: IS_IDENTITY });
    }
    // Nothing is trimmed: blanks at the ends are refused for what they are.
    const res = await register({ ...identity, password: ` ${localPart}` });
    expect(res.json().errors).toEqual({ password: EDGE_BLANK });
    expect(await getUserByEmail(t.db.kysely, identity.email)).toBeUndefined();
  });

  it('accepts a password that is neither common nor the account’s identity', async () => {
    const identity = { ...newIdentity(), password: 'lantern orbit 42 violet' };
    expect((await register(identity)).statusCode).toBe(201);
    await expect(loginToken(t.app, identity.email, identity.password)).resolves.toBeTypeOf(
      'string',
    );
  });

  it('holds for an administrator made from ADMIN_PASSWORD or the admin command', async () => {
    const identity = newIdentity('chief');
    await expect(
      createAdmin(t.db.kysely, { ...identity, password: 'Password1' }),
    ).rejects.toBeInstanceOf(AdminPasswordRefusedError);
    await expect(
      createAdmin(t.db.kysely, { ...identity, password: 'NexusPlay2024!' }),
    ).rejects.toBeInstanceOf(AdminPasswordRefusedError);
    await expect(
      createAdmin(t.db.kysely, { ...identity, password: identity.email }),
    ).rejects.toThrowError(new AdminPasswordRefusedError(IS_IDENTITY));
    await expect(ensureFirstAdmin(t.db.kysely, { password: 'iloveyou' })).rejects.toBeInstanceOf(
      AdminPasswordRefusedError,
    );
    expect(await countAdmins(t.db.kysely)).toBe(0);
  });
});
