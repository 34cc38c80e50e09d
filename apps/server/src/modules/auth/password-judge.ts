import { Worker } from 'node:worker_threads';

/**
 * The part of a password that is judged. Matching grows faster than linearly with length (a
 * 256-character run of l33t characters took seconds on the whole length), so only the start is
 * scored: a start that is hard to guess makes the whole at least as hard, so judging it can refuse
 * a long password with a guessable start, never accept a guessable one.
 */
export const PASSWORD_JUDGED_LENGTH = 40;

export type JudgeRequest = { id: number; password: string; inputs: string[] };
export type JudgeAnswer = {
  id: number;
  score: number;
  warning: string | null;
  suggestions: string[];
};

type Waiting = { resolve: (answer: JudgeAnswer) => void; reject: (error: Error) => void };

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
      worker.postMessage({ id, password, inputs } satisfies JudgeRequest);
    });
  }

  private thread() {
    if (this.worker) return this.worker;
    // From the sources (the tests) the thread loads the TypeScript file through tsx's loader.
    const fromSource = import.meta.url.endsWith('.ts');
    const file = new URL(`./password-judge.worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
    const worker = fromSource
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`,
          { eval: true },
        )
      : new Worker(file);
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
