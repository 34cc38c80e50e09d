/**
 * The password judge's thread (password-policy.ts): zxcvbn's dictionaries are ranked here once,
 * and each check runs here, off the server's event loop. A message is { id, password, inputs };
 * the answer { id, score, warning, suggestions }.
 */
import { parentPort } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { PASSWORD_JUDGED_LENGTH, type JudgeAnswer, type JudgeRequest } from './password-judge.js';

/**
 * The l33t matcher's variants are capped at 20 (the default 100 lets a password full of `@`, `0`,
 * `1` and `$` cost hundreds of milliseconds); common substitutions such as P@ssw0rd are still
 * found.
 */
const zxcvbn = new ZxcvbnFactory({
  translations,
  graphs: adjacencyGraphs,
  dictionary: { ...commonDictionary, ...englishDictionary },
  maxLength: PASSWORD_JUDGED_LENGTH,
  l33tMaxSubstitutions: 20,
});

parentPort?.on('message', ({ id, password, inputs }: JudgeRequest) => {
  const { score, feedback } = zxcvbn.check(password, inputs);
  const answer: JudgeAnswer = {
    id,
    score,
    warning: feedback.warning,
    suggestions: feedback.suggestions,
  };
  parentPort?.postMessage(answer);
});
