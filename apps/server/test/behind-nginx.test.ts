import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { newIdentity } from './support/accounts.js';
import { createTestDatabase, testConfig, type TestDatabase } from './support/test-app.js';

/** Debian's nginx, or one on the PATH. */
function findNginx() {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).map((dir) => `${dir}/nginx`);
  return ['/usr/sbin/nginx', ...onPath].find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const NGINX = findNginx();
if (!NGINX)
  console.log('behind-nginx.test.ts skipped: nginx is not installed (apt-get install nginx)');

const OPERATIONS_GUIDE = path.resolve(import.meta.dirname, '../../../docs/operations.md');

/** The `location /` block of the operations guide's nginx example, as an operator copies it. */
function guideLocationBlock() {
  const guide = fs.readFileSync(OPERATIONS_GUIDE, 'utf8');
  const example = /```nginx\n([\s\S]*?)```/.exec(guide)?.[1];
  const location = example && /^ {4}location \/ \{\n[\s\S]*?^ {4}\}$/m.exec(example)?.[0];
  if (!location) throw new Error('docs/operations.md has no nginx example with a location / block');
  return location;
}

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForPort(port: number, nginx: ChildProcess, errorLog: string) {
  for (let tries = 0; tries < 100; tries += 1) {
    if (nginx.exitCode !== null) break;
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
      socket.setTimeout(200, () => resolve(false));
    }).catch(() => false);
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '';
  throw new Error(`nginx did not start on ${port}: ${log}`);
}

/** nginx on loopback in front of `appPort`, with the guide's location block and its own paths. */
async function startNginx(appPort: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-nginx-'));
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const config = `
${process.getuid?.() === 0 ? 'user root root;' : ''}
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 64; }
http {
    access_log off;
    ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n    ')}
    upstream nexusplay {
        server 127.0.0.1:${appPort};
        keepalive 4;
    }
    server {
        listen 127.0.0.1:${port};
        server_name play.example.com;
${guideLocationBlock()}
    }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
  const errorLog = path.join(dir, 'error.log');
  const nginx = spawn(
    NGINX!,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', errorLog, '-g', 'daemon off;'],
    { stdio: 'ignore' },
  );
  await waitForPort(port, nginx, errorLog);
  return {
    port,
    async stop() {
      if (nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Answer = { status: number; body: string };

/** A request to nginx from `from`, a loopback address of this machine other than 127.0.0.1. */
function viaNginx(
  port: number,
  from: string,
  request: { method: string; path: string; forwardedFor?: string; json?: object },
): Promise<Answer> {
  const body = request.json ? JSON.stringify(request.json) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: request.method,
        path: request.path,
        agent: false,
        headers: {
          ...(request.forwardedFor ? { 'x-forwarded-for': request.forwardedFor } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

type Lines = Record<string, unknown>[];

async function startApp(trustProxy: string, lines: Lines) {
  const database: TestDatabase = await createTestDatabase();
  const app: App = await buildApp({
    config: testConfig(database.dataDir, { TRUST_PROXY: trustProxy, REGISTER_MAX_PER_HOUR: '3' }),
    db: database.db,
    logger: { level: 'debug', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    port: (app.server.address() as net.AddressInfo).port,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Requests pass 127.0.0.x -> nginx -> 127.0.0.1 -> server; clients differ by their x. */
describe.skipIf(!NGINX).each([
  { trust: '1', what: 'a hop count of 1' },
  { trust: '127.0.0.1', what: "the proxy's address" },
])('behind the operations guide’s nginx, trusting $what', ({ trust }) => {
  const lines: Lines = [];
  let server: Awaited<ReturnType<typeof startApp>>;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  const call = (from: string, request: Parameters<typeof viaNginx>[2]) =>
    viaNginx(nginx.port, from, request);
  const ipOfLast = (path: string) =>
    lines.filter((line) => line.msg === 'request' && line.url === path).at(-1)?.ip;

  beforeAll(async () => {
    server = await startApp(trust, lines);
    nginx = await startNginx(server.port);
  });
  afterAll(async () => {
    await nginx?.stop();
    await server?.close();
  });

  it('takes the address nginx saw the client connect from, whatever the client forwards', async () => {
    const forged = [undefined, '203.0.113.50', '127.0.0.1', '0xc000024d', '192.0.2.77:1234, ::1'];
    for (const [i, forwardedFor] of forged.entries()) {
      const url = `/api/health?n=${i}`;
      expect((await call('127.0.0.2', { method: 'GET', path: url, forwardedFor })).status).toBe(
        200,
      );
      expect(ipOfLast(url), String(forwardedFor)).toBe('127.0.0.2');
    }
  });

  it('counts registrations per real client, however the client rotates its header', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const answer = await call('127.0.0.3', {
        method: 'POST',
        path: '/api/register',
        forwardedFor: `203.0.113.${i + 1}`,
        json: newIdentity('proxied'),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    // Another client is counted on its own.
    const other = await call('127.0.0.4', {
      method: 'POST',
      path: '/api/register',
      forwardedFor: '127.0.0.3',
      json: newIdentity('proxied'),
    });
    expect(other.status).toBe(201);
  });

  it('does not let a guesser pose as the owner’s address and lock the owner out', async () => {
    const owner = newIdentity('owner');
    const signUp = await call('127.0.0.5', { method: 'POST', path: '/api/register', json: owner });
    expect(signUp.status).toBe(201);
    const signIn = (from: string, password: string, forwardedFor?: string) =>
      call(from, {
        method: 'POST',
        path: '/api/login',
        forwardedFor,
        json: { email: owner.email, password },
      });
    // The owner's address becomes known to the account.
    expect((await signIn('127.0.0.5', owner.password)).status).toBe(200);

    const guesses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const forwardedFor = i % 2 === 0 ? '127.0.0.5' : `198.51.100.${i}`;
      guesses.push((await signIn('127.0.0.6', 'not the password', forwardedFor)).status);
    }
    // Ten guesses from the guesser's own address, then refused.
    expect(guesses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
    expect((await signIn('127.0.0.5', owner.password)).status).toBe(200);
  });
});

/** Only an IP address is an address: anything else forwarded is the connection's. */
describe('the client address behind a trusted proxy', () => {
  const lines: Lines = [];
  let database: TestDatabase;
  let byHops: App;
  let byAddress: App;

  beforeAll(async () => {
    database = await createTestDatabase();
    const logger = {
      level: 'debug',
      stream: { write: (line: string) => lines.push(JSON.parse(line)) },
    };
    byHops = await buildApp({
      config: testConfig(database.dataDir, { TRUST_PROXY: '1' }),
      db: database.db,
      logger,
    });
    byAddress = await buildApp({
      config: testConfig(database.dataDir, { TRUST_PROXY: '10.0.0.0/8' }),
      db: database.db,
      logger,
    });
  });
  afterAll(async () => {
    await byHops.close();
    await byAddress.close();
    await database.drop();
  });

  const addressOf = async (app: App, remoteAddress: string, forwardedFor: string) => {
    const url = `/api/health?r=${Math.random()}`;
    await app.inject({
      method: 'GET',
      url,
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    return lines.find((line) => line.msg === 'request' && line.url === url)?.ip;
  };

  it('is what the trusted hop forwarded when that is an IPv4 or IPv6 address', async () => {
    expect(await addressOf(byHops, '10.0.0.2', '198.51.100.7')).toBe('198.51.100.7');
    expect(await addressOf(byHops, '10.0.0.2', '192.0.2.1, 2001:db8::5')).toBe('2001:db8::5');
    expect(await addressOf(byAddress, '10.0.0.2', '203.0.113.1, 10.0.0.3')).toBe('203.0.113.1');
  });

  it('is the connection’s when the forwarded entry is not an address', async () => {
    for (const forged of ['192.0.2.77:1234', '0xc000024d', 'localhost', '', '[::1]', '1.2.3'])
      expect(await addressOf(byHops, '10.0.0.2', forged), forged).toBe('10.0.0.2');
    expect(await addressOf(byAddress, '10.0.0.2', '203.0.113.1, 0300.0.2.1')).toBe('10.0.0.2');
  });

  it('is the connection’s when the connection is not a trusted proxy', async () => {
    expect(await addressOf(byAddress, '192.0.2.9', '203.0.113.1')).toBe('192.0.2.9');
  });
});
