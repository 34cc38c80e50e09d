import type { Generated, Insertable, Selectable } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** Timestamps travel as ISO-8601 strings in UTC on both engines (see codecs.ts). */
export type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: 'admin' | 'user';
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
