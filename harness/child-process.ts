/**
 * A Node.js program in a process of its own that announces its address on a line of output: the
 * server under test, or the benchmark's baseline. Output goes through pipes, kept in memory, or
 * to a log file when the caller must not have to read it (a benchmark, which would otherwise pay
 * for reading the log in its own figures).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export type ChildExit = { code: number | null; signal: NodeJS.Signals | null };

export type ProcessOptions = {
  /** Node.js's arguments: options, the program and its own arguments. */
  args: string[];
  cwd: string;
  /** The whole environment of the child: nothing is inherited that is not in here. */
  env: NodeJS.ProcessEnv;
  /** The line that says it is ready; its first group is the address. */
  ready: RegExp;
  timeoutMs: number;
  /** Sends the output to this file instead of keeping it in memory. */
  logFile?: string;
  /** Repeats the child's stderr on this process's, so that a failing start explains itself. */
  echoStderr?: boolean;
  /** Rewrites the command line, as `taskset` does to pin the child to a CPU. */
  wrap?: (command: string, args: string[]) => [string, string[]];
};

export type StartedProcess = {
  url: string;
  /** The match of the ready line, with any other groups of `ready`. */
  readyLine: RegExpExecArray;
  pid: number | undefined;
  /** Everything the process has printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves once the output matches; rejects if the process ends first or time runs out. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Lines logged at level error or fatal, and plain lines that speak of an error (from a log file, the first 20). */
  errorLines(): Promise<string[]>;
  exited: Promise<ChildExit>;
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL if it does not end in time; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL unless it has already ended; safe to call whatever happened. */
  kill(): Promise<void>;
};

const running = new Set<() => void>();
// A runner that dies midway must not leave its servers behind on the machine.
process.once('exit', () => running.forEach((kill) => kill()));

/** How often a log file is read again while waiting for a line in it. */
const LOG_POLL_MS = 100;

export async function startProcess(options: ProcessOptions): Promise<StartedProcess> {
  const [command, args] = (options.wrap ?? ((c, a) => [c, a]))(process.execPath, options.args);
  const log = options.logFile === undefined ? undefined : fs.openSync(options.logFile, 'w');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', log ?? 'pipe', log ?? 'pipe'],
  });
  if (log !== undefined) fs.closeSync(log);

  let kept = '';
  const echo = options.echoStderr ? echoer() : undefined;
  const output = () =>
    options.logFile === undefined ? kept : fs.readFileSync(options.logFile, 'utf8');
  let ended = false;
  const { notify, waitForOutput } = outputWaiter({
    output,
    ended: () => ended,
    what: args.join(' '),
    ...(options.logFile === undefined ? {} : { pollMs: LOG_POLL_MS }),
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    kept += chunk.toString('utf8');
    notify();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    kept += chunk.toString('utf8');
    echo?.(chunk.toString('utf8'));
    notify();
  });

  const killNow = () => {
    if (!ended) child.kill('SIGKILL');
  };
  running.add(killNow);
  const exited = new Promise<ChildExit>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = true;
      running.delete(killNow);
      notify();
      resolve({ code, signal });
    });
  });

  try {
    await waitForOutput(options.ready, options.timeoutMs);
  } catch (error) {
    killNow();
    await exited;
    throw error;
  }
  const readyLine = options.ready.exec(output())!;
  return {
    url: readyLine[1]!,
    readyLine,
    pid: child.pid,
    output,
    waitForOutput,
    errorLines: async () =>
      options.logFile === undefined
        ? kept.split('\n').filter(isErrorLine)
        : readErrorLines(options.logFile),
    exited,
    signal: (signal) => void child.kill(signal),
    stop: () => stopChild(child),
    async kill() {
      killNow();
      await exited;
    },
  };
}

/**
 * Waits for patterns in a child's output, checking each time `notify` says something changed (new
 * output, or the end of the process) and, for output that comes from a file, every `pollMs`.
 */
function outputWaiter(source: {
  output: () => string;
  ended: () => boolean;
  what: string;
  pollMs?: number;
}) {
  const { output, ended, what, pollMs } = source;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const waitForOutput = (pattern: RegExp, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        clearInterval(poll);
        listeners.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (pattern.test(output())) done();
        else if (ended()) done(new Error(`${what} ended before printing ${pattern}:\n${output()}`));
      };
      const timer = setTimeout(
        () => done(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output()}`)),
        timeoutMs,
      );
      const poll = pollMs === undefined ? undefined : setInterval(check, pollMs);
      listeners.add(check);
      check();
    });
  return { notify, waitForOutput };
}

const MAX_ERROR_LINES = 20;

function firstErrorLines(lines: Iterable<string>): string[] {
  const found: string[] = [];
  for (const line of lines) {
    if (found.length >= MAX_ERROR_LINES) break;
    if (isErrorLine(line)) found.push(line);
  }
  return found;
}

/** Streamed, since a benchmark's log can be larger than is wise to hold in memory. */
async function readErrorLines(logFile: string): Promise<string[]> {
  const found: string[] = [];
  let rest = '';
  for await (const chunk of fs.createReadStream(logFile, { encoding: 'utf8' })) {
    const lines = (rest + String(chunk)).split('\n');
    rest = lines.pop() ?? '';
    found.push(...firstErrorLines(lines).slice(0, MAX_ERROR_LINES - found.length));
  }
  if (isErrorLine(rest) && found.length < MAX_ERROR_LINES) found.push(rest);
  return found;
}

/** Writes whole lines to stderr, each marked as the child's. */
function echoer() {
  let rest = '';
  return (text: string) => {
    const lines = (rest + text).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) process.stderr.write(`[server] ${line}\n`);
  };
}

/** main.ts gives itself 10 s to drain on SIGTERM; a little more before the process is killed. */
const STOP_TIMEOUT_MS = 15_000;

/** SIGTERM, then SIGKILL if it has not ended in time. Resolves with the exit code (null if killed). */
function stopChild(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(force);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

/** A log line at pino's level error (50) or fatal (60), or a plain line that speaks of an error. */
export function isErrorLine(line: string): boolean {
  if (line.trim() === '') return false;
  if (!line.startsWith('{')) return /error/i.test(line);
  return /"level":(50|60)\b/.test(line);
}
