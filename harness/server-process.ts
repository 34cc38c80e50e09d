/**
 * Starting and stopping the server as a child process, shared by the end-to-end tests (e2e/), the
 * load test (load/) and the benchmarks (bench/). Each runs the production build the way a service
 * manager would: its own process, a data directory as working directory (so no .env of the
 * checkout is read), 127.0.0.1 and a port the system picks, announced on its "serving on" line.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The line main.ts prints once it listens, with the address. */
export const SERVING = /serving on (http:\/\/\S+)/;

/**
 * The server's entry: the production build, or the file the environment variable `override`
 * names (a private build, or apps/server/src/main.ts where the caller runs sources).
 */
export function resolveServerEntry(override: string): string {
  const entry = path.resolve(process.env[override] ?? path.join(ROOT, 'apps/server/dist/main.js'));
  if (!fs.existsSync(entry)) {
    throw new Error(
      `No server at ${entry}. Build first (npm run build), or point ${override} at another build.`,
    );
  }
  return entry;
}

/** Calls `onLine` with each whole line the stream writes, and the last part when it ends. */
export function splitLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void) {
  let rest = '';
  stream?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  stream?.on('end', () => {
    if (rest) onLine(rest);
  });
}

/**
 * Resolves with the address the child announces on stdout or stderr. Every line goes to
 * `onLine` as well; stderr is echoed, so a failing start explains itself. Rejects, with what the
 * child printed, if it exits first or stays silent past `timeoutMs` (and then kills it).
 */
export function waitForAddress(
  child: ChildProcess,
  { timeoutMs, onLine }: { timeoutMs: number; onLine?: (line: string) => void },
): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (line: string) => {
      if (output.length < 20_000) output += `${line}\n`;
      onLine?.(line);
      const match = ready ? null : SERVING.exec(line);
      if (match?.[1]) {
        ready = true;
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    splitLines(child.stdout, read);
    splitLines(child.stderr, (line) => {
      read(line);
      process.stderr.write(`[server] ${line}\n`);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`server exited with code ${code} before listening:\n${output}`));
    });
  });
}

/** main.ts gives itself 10 s to drain on SIGTERM; a little more before the process is killed. */
const STOP_TIMEOUT_MS = 15_000;

/** SIGTERM, then SIGKILL if it has not ended in time. Resolves with the exit code (null if killed). */
export function stopChild(child: ChildProcess): Promise<number | null> {
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
