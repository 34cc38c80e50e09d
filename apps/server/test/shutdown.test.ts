import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChildData,
  startChildServer,
  type ChildData,
  type ChildServer,
} from './support/child-server.js';
import { ROOT, SERVING, SOURCE_ENTRY } from '../../../harness/server-process.js';
import { TEST_ENGINE } from './support/test-app.js';

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** main.ts's SHUTDOWN_DEADLINE_MS: past it the process gives up draining and exits with 1. */
const SHUTDOWN_DEADLINE_MS = 10_000;
const HELD_WRITES = 4;
const PIXEL_USD = 0.05;

/**
 * The price and exchange-rate services, answering only once released: a request that needs them
 * stays in flight inside the server for as long as the test wants.
 */
async function startHeldUpstream() {
  const held: (() => void)[] = [];
  let released = false;
  let priceCalled: () => void;
  const priceCall = new Promise<void>((resolve) => (priceCalled = resolve));
  const server = http.createServer((request, response) => {
    const isFx = request.url?.startsWith('/fx');
    const body = isFx
      ? { result: 'success', rates: { IDR: 16_000 } }
      : { pixels: { usd: PIXEL_USD }, 'axie-infinity': { usd: 2.5 } };
    const answer = () =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (!isFx) priceCalled();
    if (released) answer();
    else held.push(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    priceCall,
    release() {
      released = true;
      held.splice(0).forEach((answer) => answer());
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Answer = { status: number; body: string };

function send(
  url: string,
  options: http.RequestOptions & { body?: string },
): { request: http.ClientRequest; answer: Promise<Answer> } {
  const request = http.request(url, options);
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
  });
  return { request, answer };
}

async function postJson(url: string, agent: http.Agent, body: unknown) {
  const { request, answer } = send(url, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json' },
  });
  request.end(JSON.stringify(body));
  return answer;
}

/**
 * An income write whose headers the server has taken (it answered 100 Continue, so the request
 * is routed and waiting for its body) but whose body is sent only when `finish` is called.
 */
async function holdWrite(base: string, agent: http.Agent, token: string, marker: string) {
  const payload = JSON.stringify({ income: 10, expense_description: marker });
  const { request, answer } = send(`${base}/api/income-pixels`, {
    method: 'POST',
    agent,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      expect: '100-continue',
    },
  });
  const continued = new Promise<void>((resolve) => request.once('continue', resolve));
  answer.catch(() => {});
  request.flushHeaders();
  await Promise.race([continued, answer]);
  return { answer, finish: () => request.end(payload) };
}

/** A request on a connection of its own: refused, dropped, or answered. */
async function freshRequest(base: string): Promise<number | string> {
  const { request, answer } = send(`${base}/api/health`, { agent: false });
  request.end();
  try {
    return (await answer).status;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}

describe(`SIGTERM drains in-flight requests and exits cleanly (${TEST_ENGINE})`, () => {
  let data: ChildData;
  let upstream: Awaited<ReturnType<typeof startHeldUpstream>>;
  let child: ChildServer | undefined;
  // Keeps connections open after each answer, as browsers and proxies do.
  const agent = new http.Agent({ keepAlive: true });
  const idleAgent = new http.Agent({ keepAlive: true });

  beforeAll(async () => {
    upstream = await startHeldUpstream();
    data = await createChildData('shutdown');
  });

  afterAll(async () => {
    await child?.kill();
    agent.destroy();
    idleAgent.destroy();
    await data?.remove();
    await upstream?.close();
  });

  it('answers every request in flight at the signal, refuses new ones, and exits with 0', async ({
    annotate,
  }) => {
    child = await startChildServer(data, {
      LOG_LEVEL: 'info',
      PRICE_API_URL: upstream.url,
      FX_API_URL: `${upstream.url}/fx`,
      UPSTREAM_TIMEOUT: '8s',
    });
    const base = child.url;
    const identity = {
      username: 'drained',
      email: 'drained@example.com',
      password: 'correct horse battery',
    };
    expect((await postJson(`${base}/api/register`, agent, identity)).status).toBe(201);
    const login = await postJson(`${base}/api/login`, agent, identity);
    expect(login.status).toBe(200);
    const { token } = JSON.parse(login.body) as { token: string };

    // An idle keep-alive connection, which the server has to close for itself to finish.
    const idle = send(`${base}/api/health`, { agent: idleAgent });
    idle.request.end();
    expect((await idle.answer).status).toBe(200);

    // In flight: a price read waiting on the upstream, and writes waiting for their bodies.
    const prices = send(`${base}/api/prices`, { agent });
    prices.request.end();
    prices.answer.catch(() => {});
    await upstream.priceCall;
    const writes = await Promise.all(
      Array.from({ length: HELD_WRITES }, (_, n) => holdWrite(base, agent, token, `held${n}`)),
    );

    const signalledAt = Date.now();
    child.signal('SIGTERM');
    await child.waitForOutput(/"msg":"shutting down"/);
    const late = await freshRequest(base);
    expect(['ECONNREFUSED', 'ECONNRESET', 503]).toContain(late);

    writes.forEach((write) => write.finish());
    upstream.release();

    const priceAnswer = await prices.answer;
    expect(priceAnswer.status).toBe(200);
    expect(JSON.parse(priceAnswer.body)).toMatchObject({
      pixels: { usd: PIXEL_USD },
      stale: false,
    });
    const saved: number[] = [];
    for (const write of writes) {
      const answer = await write.answer;
      expect(answer.status).toBe(201);
      const record = (JSON.parse(answer.body) as { data: { id: number; price_usd: number } }).data;
      expect(record.price_usd).toBe(PIXEL_USD);
      saved.push(record.id);
    }

    expect(await child.exited, child.output()).toEqual({ code: 0, signal: null });
    const drainMs = Date.now() - signalledAt;
    expect(drainMs).toBeLessThan(SHUTDOWN_DEADLINE_MS);

    // The writes answered during the drain are stored, and the database was closed properly.
    const rows = await data.query(
      "select id from income_records where expense_description like 'held%' order by id",
    );
    expect(rows.map((row) => Number(row.id))).toEqual(saved.sort((a, b) => a - b));
    if (data.sqliteFile) expect(fs.existsSync(`${data.sqliteFile}-wal`)).toBe(false);

    await annotate(
      `${HELD_WRITES + 1} requests in flight at SIGTERM all answered; a new connection after it: ` +
        `${late}; exit 0 ${drainMs} ms after the signal`,
    );
  }, 40_000);
});

/** The processes of a process group (Linux: field 5 of /proc/<pid>/stat). */
function groupMembers(pgid: number): string[] {
  const members: string[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const close = stat.lastIndexOf(')');
    const [state, , group] = stat.slice(close + 2).split(' ');
    if (Number(group) === pgid && state !== 'Z') members.push(stat.slice(0, close + 1));
  }
  return members;
}

describe.runIf(process.platform === 'linux')(
  `SIGTERM to \`npm start\` stops the server (${TEST_ENGINE})`,
  () => {
    it('reaches the server through npm and its script shell, leaving no node behind', async () => {
      const scripts = (
        JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
          scripts: Record<string, string>;
        }
      ).scripts;
      // The start script as it is, but for its build step (none here) and for running the
      // server's sources instead of its build: `<build> && <server>`.
      const steps = scripts.start!.split('&&').map((step) => step.trim());
      const server = steps.at(-1)!;
      expect(server).toContain('apps/server/dist/main.js');
      const fromSources = server.replace(
        'apps/server/dist/main.js',
        `--conditions=source --import ${TSX_LOADER} ${SOURCE_ENTRY}`,
      );
      const data = await createChildData('npm-start');
      const packageDir = path.join(data.dataDir, 'package');
      fs.mkdirSync(packageDir);
      fs.writeFileSync(
        path.join(packageDir, 'package.json'),
        JSON.stringify({
          name: 'npm-start-check',
          private: true,
          scripts: { start: `node -e "" && ${fromSources}` },
        }),
      );
      const npm = spawn('npm', ['start'], {
        cwd: packageDir,
        detached: true, // a process group of its own, to see everything it started
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH ?? '',
          HOME: data.dataDir,
          TSX_TSCONFIG_PATH: path.join(ROOT, 'apps/server/tsconfig.json'),
          NODE_ENV: 'production',
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          SEED_DEMO_CONTENT: 'false',
          WEB_DIST_DIR: path.join(data.dataDir, 'no-web-build'),
          PRICE_API_URL: 'http://127.0.0.1:9',
          FX_API_URL: 'http://127.0.0.1:9/fx',
          RONIN_RPC_URL: 'http://127.0.0.1:9',
          ...data.env,
        },
      });
      const pgid = npm.pid!;
      let output = '';
      const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 30_000);
          const read = (chunk: Buffer) => {
            output += chunk.toString();
            if (SERVING.test(output)) {
              clearTimeout(timer);
              resolve();
            }
          };
          npm.stdout.on('data', read);
          npm.stderr.on('data', read);
          void exited.then(() => reject(new Error(`npm ended before serving:\n${output}`)));
        });
        expect(groupMembers(pgid).some((member) => member.includes('(node)'))).toBe(true);

        npm.kill('SIGTERM'); // to npm alone, as a service manager or a terminal sends it
        await exited;
        const deadline = Date.now() + SHUTDOWN_DEADLINE_MS + 2_000;
        while (groupMembers(pgid).length > 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(groupMembers(pgid), output).toEqual([]);
        expect(output).not.toMatch(/deadline passed/);
      } finally {
        try {
          process.kill(-pgid, 'SIGKILL');
        } catch {
          // nothing left
        }
        await data.remove();
      }
    }, 40_000);
  },
);
