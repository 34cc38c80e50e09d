import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The part of a password that is judged. Matching grows faster than linearly with length (a
 * 256-character run of l33t characters took seconds on the whole length), so only the start is
 * scored: a start that is hard to guess makes the whole at least as hard, so judging it can refuse
 * a long password with a guessable start, never accept a guessable one.
 */
export const PASSWORD_JUDGED_LENGTH = 40;

export type JudgeAnswer = {
  id: number;
  score: number;
  warning: string | null;
  suggestions: string[];
};

type Waiting = { resolve: (answer: JudgeAnswer) => void; reject: (error: Error) => void };

/**
 * The judge's thread: zxcvbn-ts with its common-password and English dictionaries, ranked once
 * when the thread starts. The l33t matcher's variants are capped at 20 (the default 100 lets a
 * password full of `@`, `0`, `1` and `$` cost hundreds of milliseconds); common substitutions
 * such as P@ssw0rd are still found. A message is { id, password, inputs }; the answer
 * { id, score, warning, suggestions }. Plain JavaScript given to the thread as it is, so that it
 * runs the same from the sources and from the build; the libraries are found from this file.
 */
const JUDGE_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { ZxcvbnFactory } = require(workerData.core);
const common = require(workerData.common);
const english = require(workerData.english);
const zxcvbn = new ZxcvbnFactory({
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
  maxLength: workerData.judgedLength,
  l33tMaxSubstitutions: 20,
});
parentPort.on('message', ({ id, password, inputs }) => {
  const { score, feedback } = zxcvbn.check(password, inputs);
  parentPort.postMessage({ id, score, warning: feedback.warning, suggestions: feedback.suggestions });
});
`;

/**
 * zxcvbn on a thread of its own: a check of a hostile password costs tens of milliseconds of
 * CPU even judged by its first 40 characters, and on the server's event loop every other request
 * would wait for it. One thread, started on the first check and reused; checks queue on it in
 * order. Idle, it keeps no process alive; a thread that fails is replaced at the next check
 * (the checks it held are refused with its error).
 */
class PasswordJudge {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  check(password: string, inputs: string[]): Promise<JudgeAnswer> {
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise<JudgeAnswer>((resolve, reject) => {
      // Held while a check waits (a command-line run must not end before its answer).
      if (this.waiting.size === 0) worker.ref();
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, password, inputs });
    });
  }

  private thread() {
    if (this.worker) return this.worker;
    const require = createRequire(import.meta.url);
    const worker = new Worker(JUDGE_THREAD, {
      eval: true,
      workerData: {
        core: require.resolve('@zxcvbn-ts/core'),
        common: require.resolve('@zxcvbn-ts/language-common'),
        english: require.resolve('@zxcvbn-ts/language-en'),
        judgedLength: PASSWORD_JUDGED_LENGTH,
      },
    });
    worker.on('message', (answer: JudgeAnswer) => {
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) worker.unref();
      waiting?.resolve(answer);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the password judge stopped (exit code ${code})`)));
    // After the listeners, which would hold it otherwise: idle, the thread keeps no process alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

/** The one judge of this process. */
export const passwordJudge = new PasswordJudge();
