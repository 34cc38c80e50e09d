/**
 * The one way the server is started as a child process: by the end-to-end tests (e2e/), the load
 * test (load/), the benchmarks (bench/) and the server's own process-level tests (durability,
 * shutdown, scale-out). Each runs it the way a service manager would: its own process, a data
 * directory as working directory (so no .env of the checkout is read), 127.0.0.1 and a port the
 * system picks, announced on its "serving on" line.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startProcess, type ProcessOptions, type StartedProcess } from './child-process.js';

export { isErrorLine, type ChildExit, type StartedProcess } from './child-process.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The server's sources, run through tsx by the tests that need no build. */
export const SOURCE_ENTRY = path.join(ROOT, 'apps/server/src/main.ts');

/** The line main.ts prints once it listens: the address, then the database engine. */
export const SERVING = /serving on (http:\/\/\S+)(?: \((sqlite|postgres)\))?/;

// Resolved from this file, so the child does not depend on the directory the caller runs in.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

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

export type ServerOptions = Pick<ProcessOptions, 'logFile' | 'echoStderr' | 'wrap'> & {
  /** The build (apps/server/dist/main.js) or the sources (a .ts file, run through tsx). */
  entry: string;
  /** DATA_DIR, and the working directory. */
  dataDir: string;
  /** Configuration on top of the production defaults below. */
  env?: Record<string, string>;
  /** Whether the child sees this process's environment too; without it, only PATH. */
  inheritEnv?: boolean;
  /** Node.js options before the entry, as --cpu-prof. */
  nodeArgs?: string[];
  timeoutMs?: number;
};

export type ServerProcess = StartedProcess & {
  /** The engine the server announced it uses. */
  engine: 'sqlite' | 'postgres' | undefined;
};

const START_TIMEOUT_MS = 60_000;

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const runsSources = options.entry.endsWith('.ts');
  const started = await startProcess({
    args: [
      ...(options.nodeArgs ?? []),
      ...(runsSources ? ['--conditions=source', '--import', TSX_LOADER] : []),
      options.entry,
    ],
    cwd: options.dataDir,
    env: {
      ...(options.inheritEnv === false ? { PATH: process.env.PATH ?? '' } : process.env),
      ...(runsSources ? { TSX_TSCONFIG_PATH: path.join(ROOT, 'apps/server/tsconfig.json') } : {}),
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ...options.env,
    },
    ready: SERVING,
    timeoutMs: options.timeoutMs ?? START_TIMEOUT_MS,
    ...(options.logFile === undefined ? {} : { logFile: options.logFile }),
    ...(options.echoStderr === undefined ? {} : { echoStderr: options.echoStderr }),
    ...(options.wrap === undefined ? {} : { wrap: options.wrap }),
  });
  return { ...started, engine: started.readyLine[2] as ServerProcess['engine'] };
}

/**
 * The production build (server and web app) on a temporary SQLite data directory, removed when
 * it stops, so the demo content is seeded as on a fresh install. `entryVariable` and
 * `webDistVariable` name the environment variables that point it at a private build instead.
 */
export async function startBuiltServer(options: {
  purpose: string;
  entryVariable: string;
  webDistVariable: string;
  env?: Record<string, string>;
}): Promise<{ url: string; stop(): Promise<void> }> {
  const entry = resolveServerEntry(options.entryVariable);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nexusplay-${options.purpose}-`));
  const webDist = process.env[options.webDistVariable];
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await startServer({
      entry,
      dataDir,
      echoStderr: true,
      timeoutMs: 30_000,
      env: {
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        ...(webDist ? { WEB_DIST_DIR: path.resolve(webDist) } : {}),
        ...options.env,
      },
    });
    return {
      url: server.url,
      async stop() {
        await server.stop();
        removeDir();
      },
    };
  } catch (error) {
    removeDir();
    throw error;
  }
}
