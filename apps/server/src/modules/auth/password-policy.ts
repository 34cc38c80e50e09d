import { PASSWORD_IS_IDENTITY, passwordMatchesIdentity } from '@nexusplay/contract/auth';

export const PASSWORD_TOO_COMMON =
  'Password is too common or easy to guess. Please choose another.';

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * zxcvbn's ranked list of the passwords most used in published breaches (about 49,000, lower
 * case), checked offline. Loaded on the first check rather than at start: unpacking it takes
 * some 25 ms, which a server that never registers anyone need not spend.
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return commonPasswords;
}

/** One short run said again and again: aaaaaaaa, abababab, 123123123. */
const REPEATED = /^(.{1,4})\1+$/su;

/** Consecutive characters up or down: abcdefgh, 87654321. */
function isSequence(password: string): boolean {
  const codes = Array.from(password, (char) => char.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return Math.abs(step) === 1 && codes.every((code, i) => i === 0 || code - codes[i - 1]! === step);
}

/**
 * Why a new password is refused, or undefined when it is not. No composition rules (OWASP ASVS
 * 6.2): only what attackers try first. The list leaves out repeats and runs, which zxcvbn finds
 * by pattern, so they are checked here.
 */
export async function passwordProblem(
  password: string,
  identity: { email: string; username: string },
): Promise<string | undefined> {
  if (passwordMatchesIdentity(password, identity)) return PASSWORD_IS_IDENTITY;
  const lower = password.toLowerCase();
  if (REPEATED.test(lower) || isSequence(lower)) return PASSWORD_TOO_COMMON;
  return (await loadCommonPasswords()).has(lower) ? PASSWORD_TOO_COMMON : undefined;
}
