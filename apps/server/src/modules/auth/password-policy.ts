import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { PASSWORD_IS_IDENTITY, passwordMatchesIdentity } from '@nexusplay/contract/auth';

/** zxcvbn's scale runs 0 to 4; 3 is "safely unguessable" against an online attack and a slow hash. */
export const PASSWORD_MIN_SCORE = 3;

/**
 * The part of a password that is judged. Matching grows faster than linearly with length (a
 * 256-character run of l33t characters took seconds on the whole length), so only the start is
 * scored: a start that is hard to guess makes the whole at least as hard, so judging it can refuse
 * a long password with a guessable start, never accept a guessable one.
 */
export const PASSWORD_JUDGED_LENGTH = 40;

/** Said when the library has no warning or suggestion of its own for a low score. */
export const PASSWORD_TOO_GUESSABLE =
  'Password is too easy to guess. Add a few more words or characters that are not common.';

/**
 * Built once, when the server starts: the dictionaries (common passwords, English words, names,
 * Wikipedia terms, keyboard layouts) are ranked into lookup tables here, not on each check. The
 * l33t matcher's variants are capped at 20 (the default 100 lets a password full of `@`, `0`, `1`
 * and `$` cost hundreds of milliseconds); common substitutions such as P@ssw0rd are still found.
 */
const zxcvbn = new ZxcvbnFactory({
  translations,
  graphs: adjacencyGraphs,
  dictionary: { ...commonDictionary, ...englishDictionary },
  maxLength: PASSWORD_JUDGED_LENGTH,
  l33tMaxSubstitutions: 20,
});

export type PasswordContext = { email: string; username: string; siteName?: string };

const SITE_WORDS = ['NexusPlay', 'Nexus Play', 'nexusplay'];

/** What someone who knows the account and the site would try first. */
function userInputs({ email, username, siteName }: PasswordContext): string[] {
  const lower = email.toLowerCase();
  const localPart = lower.slice(0, lower.lastIndexOf('@'));
  const site = siteName ? [siteName, ...siteName.split(/\s+/u)] : [];
  return [
    ...SITE_WORDS,
    ...site,
    username,
    lower,
    localPart,
    ...localPart.split(/[._+-]+/u),
  ].filter((word) => word.length > 0);
}

/** The library's own words for what is wrong: its warning, then its suggestions, in one line. */
function feedbackMessage(feedback: { warning: string | null; suggestions: string[] }): string {
  const parts = [feedback.warning, ...feedback.suggestions].filter(
    (part): part is string => typeof part === 'string' && part.length > 0,
  );
  return parts.length > 0 ? parts.join(' ') : PASSWORD_TOO_GUESSABLE;
}

/** The zxcvbn score of a password for this account (0 to 4). */
export function passwordScore(password: string, context: PasswordContext) {
  return zxcvbn.check(password, userInputs(context));
}

/**
 * Why a new password is refused, or undefined when it is not: the account's own identity, else a
 * zxcvbn score under 3 with the site name, username and email as words an attacker would try.
 * No composition rules (OWASP ASVS 6.2). Leading or trailing blanks are refused by the contract
 * (ZNewPassword) before this runs, so nothing is trimmed here: the password judged is the one
 * stored.
 */
export async function passwordProblem(
  password: string,
  context: PasswordContext,
): Promise<string | undefined> {
  if (passwordMatchesIdentity(password, context)) return PASSWORD_IS_IDENTITY;
  const result = passwordScore(password, context);
  return result.score >= PASSWORD_MIN_SCORE ? undefined : feedbackMessage(result.feedback);
}
