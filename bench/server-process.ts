import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isErrorLine, SERVING, stopChild } from '../harness/server-process.js';

const START_TIMEOUT_MS = 60_000;

export type ServerProcess = {
  url: string;
  /** CPU time the process has used so far (user and system), in microseconds; undefined off Linux. */
  cpuMicros(): number | undefined;
  /** Log lines at level error or fatal, read from the log file. */
  errorLines(): Promise<string[]>;
  stop(): Promise<void>;
};

/**
 * Starts a Node.js program as a child whose output goes to `logFile`, as a service manager would
 * collect it: the child never waits for the benchmark to read its log. Resolves with the address
 * it announces on a line matching `ready`.
 */
export async function startProcess(options: {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
  ready: RegExp;
}): Promise<ServerProcess> {
  const log = fs.openSync(options.logFile, 'w');
  const [command, args] = pinned(process.execPath, options.args);
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const stop = async () => {
    await stopChild(child);
  };
  try {
    const url = await waitForLine(child, options.logFile, options.ready);
    return {
      url,
      stop,
      cpuMicros: () => cpuMicros(child.pid),
      errorLines: () => readErrorLines(options.logFile),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Servers run on the last CPU and the load generator (this process, see pinLoadGenerator) on the
 * first, when the machine lets processes be pinned: otherwise the scheduler may put one server
 * beside the load generator and the next one alone, and their figures differ by a third for
 * nothing they did.
 */
export const SERVER_CPU = String(Math.max(0, os.availableParallelism() - 1));
const canPin = spawnSync('taskset', ['-c', SERVER_CPU, 'true']).status === 0;

function pinned(command: string, args: string[]): [string, string[]] {
  return canPin ? ['taskset', ['-c', SERVER_CPU, command, ...args]] : [command, args];
}

/**
 * Pins this process (every thread) to the first CPU, apart from the servers. Answers how to undo
 * it, or undefined when it cannot be pinned.
 */
export function pinLoadGenerator(): (() => void) | undefined {
  const cpus = os.availableParallelism();
  if (!canPin || cpus < 2) return undefined;
  const pin = (list: string) =>
    spawnSync('taskset', ['-a', '-p', '-c', list, String(process.pid)]).status === 0;
  return pin('0') ? () => void pin(`0-${cpus - 1}`) : undefined;
}

/** Extra Node.js options for the servers, as BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/p". */
function serverNodeArgs() {
  return (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
}

/** Starts the server build on 127.0.0.1 and a free port, with the environment given. */
export function startServer(entry: string, dataDir: string, env: Record<string, string>) {
  return startProcess({
    args: [...serverNodeArgs(), '--enable-source-maps', entry],
    // The data directory, so that no .env of the checkout is read.
    cwd: dataDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    logFile: path.join(dataDir, 'server.log'),
    ready: SERVING,
  });
}

async function waitForLine(child: ChildProcess, logFile: string, ready: RegExp) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const output = fs.readFileSync(logFile, 'utf8');
    const match = ready.exec(output);
    if (match?.[1]) return match[1];
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${child.spawnargs.join(' ')} exited before it was ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${child.spawnargs.join(' ')} was not ready within ${START_TIMEOUT_MS} ms:\n${fs.readFileSync(logFile, 'utf8')}`,
  );
}

/** pino's levels 50 (error) and 60 (fatal), and anything that is not a JSON log line. */
async function readErrorLines(logFile: string): Promise<string[]> {
  const found: string[] = [];
  let rest = '';
  for await (const chunk of fs.createReadStream(logFile, { encoding: 'utf8' })) {
    const lines = (rest + String(chunk)).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (isErrorLine(line) && found.length < 20) found.push(line);
  }
  if (isErrorLine(rest)) found.push(rest);
  return found;
}

/** /proc counts in USER_HZ, 100 a second on Linux whatever the kernel's own tick. */
const MICROS_PER_TICK = 10_000;

function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
    const user = Number(fields?.[11]);
    const system = Number(fields?.[12]);
    return Number.isFinite(user + system) ? (user + system) * MICROS_PER_TICK : undefined;
  } catch {
    return undefined;
  }
}
