/**
 * How the benchmark runs its servers: through the harness's launcher, with the output in a log
 * file (so that the server never waits for the benchmark to read its log) and, where the machine
 * allows it, pinned to a CPU apart from the load generator.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProcess as launchProcess, type StartedProcess } from '../harness/child-process.js';
import { startServer as launchServer } from '../harness/server-process.js';

export type ServerProcess = StartedProcess & {
  /** CPU time the process has used so far (user and system), in microseconds; undefined off Linux. */
  cpuMicros(): number | undefined;
};

/**
 * Servers run on the last CPU and the load generator (this process, see pinLoadGenerator) on the
 * first, when the machine lets processes be pinned: otherwise the scheduler may put one server
 * beside the load generator and the next one alone, and their figures differ by a third for
 * nothing they did.
 */
export const SERVER_CPU = String(Math.max(0, os.availableParallelism() - 1));
/** Whether this machine lets a process be pinned to a CPU (taskset). */
export const canPin = spawnSync('taskset', ['-c', SERVER_CPU, 'true']).status === 0;

/** `command` with `args`, run on `cpu` alone where the machine allows it. */
export function pinnedTo(cpu: string, command: string, args: string[]): [string, string[]] {
  return canPin ? ['taskset', ['-c', cpu, command, ...args]] : [command, args];
}

const pinned = (command: string, args: string[]) => pinnedTo(SERVER_CPU, command, args);

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

const START_TIMEOUT_MS = 60_000;

/**
 * Starts a Node.js program (the baseline) pinned like the servers, with its output in `logFile`.
 * Resolves with the address it announces on a line matching `ready`.
 */
export async function startProcess(options: {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
  ready: RegExp;
}): Promise<ServerProcess> {
  const started = await launchProcess({ ...options, timeoutMs: START_TIMEOUT_MS, wrap: pinned });
  return { ...started, cpuMicros: () => cpuMicros(started.pid) };
}

/**
 * Starts the server build on 127.0.0.1 and a free port, with the environment given, its output
 * in `logName` in the data directory.
 */
export async function startServer(
  entry: string,
  dataDir: string,
  env: Record<string, string>,
  logName = 'server.log',
): Promise<ServerProcess> {
  const started = await launchServer({
    entry,
    dataDir,
    env,
    nodeArgs: [...serverNodeArgs(), '--enable-source-maps'],
    logFile: path.join(dataDir, logName),
    wrap: pinned,
    timeoutMs: START_TIMEOUT_MS,
  });
  return { ...started, cpuMicros: () => cpuMicros(started.pid) };
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
