import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/*
 * argon2id (the library's default algorithm) at OWASP's recommended minimum:
 * 19 MiB of memory, two passes, one lane.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check when the account does not exist, so the answer time
 * does not tell an attacker which emails are registered.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(await decoyHash, password);
  return false;
}

/** A password for a generated account: 18 random bytes, 24 URL-safe characters. */
export const generatePassword = () => randomBytes(18).toString('base64url');
