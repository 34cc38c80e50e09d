/**
 * The baseline the API is measured against: a bare node:http server that answers each recorded
 * path with the bytes the real server answered (status, headers, body), straight from memory.
 * Whatever the API does beyond that, it pays for in requests per second.
 *
 * Run as a child: node --import tsx bench/baseline-server.ts <answers.json>
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedAnswer = { status: number; headers: [string, string][]; body: string };
/** Keyed by method and path with query, as "GET /api/games". */
export type RecordedAnswers = Record<string, RecordedAnswer>;

const file = process.argv[2];
if (!file) throw new Error('usage: baseline-server.ts <answers.json>');
const recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as RecordedAnswers;
const answers = new Map(
  Object.entries(recorded).map(([key, answer]) => {
    const body = Buffer.from(answer.body, 'base64');
    const headers = [...answer.headers.flat(), 'content-length', String(body.length)];
    return [key, { status: answer.status, headers, body }];
  }),
);

const server = http.createServer((request, response) => {
  const answer = answers.get(`${request.method} ${request.url}`);
  // Bodies of writes are read to the end, as any server must before answering.
  request.resume();
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, answer.headers).end(answer.body);
});
// The same keep-alive allowance as the API's server, so connections live equally long.
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`baseline listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
