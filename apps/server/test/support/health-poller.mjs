/*
 * Asks `GET <url>/api/health` over and over from a process of its own, timing each answer, so
 * that what the test process does meanwhile (reading the large answers it asked for, collecting
 * their garbage) is not charged to the server. Started by helpers/child-server.ts
 * (pollHealth) with the server's address; on SIGUSR2 it prints
 * `health-poller <n> <answers> <slowest ms>` for the answers since the previous report, and
 * starts over. Any answer but 200 ends it with an error.
 */
import { setTimeout as sleep } from 'node:timers/promises';

const [url, pause = '15'] = process.argv.slice(2);
let reports = 0;
let polls = 0;
let slowestMs = 0;

process.on('SIGUSR2', () => {
  reports += 1;
  process.stdout.write(`health-poller ${reports} ${polls} ${slowestMs.toFixed(1)}\n`);
  polls = 0;
  slowestMs = 0;
});
process.stdout.write(`health-poller polling ${url}\n`);

for (;;) {
  const started = performance.now();
  const res = await fetch(`${url}/api/health`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`health answered ${res.status}`);
  slowestMs = Math.max(slowestMs, performance.now() - started);
  polls += 1;
  await sleep(Number(pause));
}
