import { PASSWORD_IS_IDENTITY, passwordMatchesIdentity } from '@nexusplay/contract/auth';
import { passwordJudge } from './password-judge.js';

export { PASSWORD_JUDGED_LENGTH } from './password-judge.js';

/** zxcvbn's scale runs 0 to 4; 3 is "safely unguessable" against an online attack and a slow hash. */
export const PASSWORD_MIN_SCORE = 3;

/** Said when the library has no warning or suggestion of its own for a low score. */
export const PASSWORD_TOO_GUESSABLE =
  'Password is too easy to guess. Add a few more words or characters that are not common.';

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

/** The zxcvbn score of a password for this account (0 to 4), with its feedback: off the event loop. */
export function passwordScore(password: string, context: PasswordContext) {
  return passwordJudge.check(password, userInputs(context));
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
  const result = await passwordScore(password, context);
  return result.score >= PASSWORD_MIN_SCORE ? undefined : feedbackMessage(result);
}
