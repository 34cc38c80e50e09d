import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAdmins } from '../../../src/modules/users/users.repository.js';
import {
  AdminIdentityTakenError,
  createAdmin,
  ensureFirstAdmin,
} from '../../../src/modules/users/first-admin.js';
import { createTestApp, createTestDatabase, type TestApp } from '../../support/test-app.js';
import { decodeClaims, loginToken, newIdentity } from '../../support/accounts.js';

describe('the first administrator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is created once, with a generated password that signs in as admin', async () => {
    const created = await ensureFirstAdmin(t.db.kysely, {});
    expect(created?.user).toMatchObject({
      email: 'admin@nexusplay.local',
      username: 'admin',
      role: 'admin',
    });
    expect(created?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const token = await loginToken(t.app, 'admin@nexusplay.local', created!.generatedPassword!);
    expect(decodeClaims(token).role).toBe('admin');

    expect(await ensureFirstAdmin(t.db.kysely, {})).toBeUndefined();
    expect(await countAdmins(t.db.kysely)).toBe(1);
  });

  it('uses a given password and refuses an identity that is taken', async () => {
    const identity = newIdentity('boss');
    const created = await createAdmin(t.db.kysely, identity);
    expect(created.generatedPassword).toBeUndefined();
    await expect(loginToken(t.app, identity.email, identity.password)).resolves.toBeTypeOf(
      'string',
    );
    await expect(
      createAdmin(t.db.kysely, { ...newIdentity(), email: identity.email }),
    ).rejects.toBeInstanceOf(AdminIdentityTakenError);
  });
});

describe('instances starting together on a fresh database', () => {
  it('create exactly one administrator, and none of them fails', async () => {
    const database = await createTestDatabase();
    try {
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          ensureFirstAdmin(database.db.kysely, { password: 'a shared password' }),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await countAdmins(database.db.kysely)).toBe(1);
    } finally {
      await database.drop();
    }
  });
});
