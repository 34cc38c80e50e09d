/**
 * How fast the machine runs plain arithmetic on each CPU, read at the start and at the end of a
 * run: a loop counted in 100 ms slices for a few seconds, one process pinned to each CPU the
 * bench may use. The shared machines the bench runs on differ in speed, and the budgets read
 * against the baseline move with them; a CPU missing from the list says the bench was started
 * under a narrower affinity (bench/RESULTS.md 1b'). The figure compares runs on one machine; it
 * is not a budget.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { median, percentile, type Check } from './report.js';
import { canPin, pinnedTo } from './server-process.js';

const run = promisify(execFile);

const SLICE_MS = 100;
const PROBE_SECONDS = 3;
const WARM_UP_MS = 500;

/**
 * The loop, as a program for `node -e`: prints the steps it took in each slice after the warm-up,
 * as JSON.
 */
const LOOP = `
const slices = [];
const end = Date.now() + ${WARM_UP_MS + PROBE_SECONDS * 1000};
let sink = 0;
while (Date.now() < end) {
  const start = performance.now();
  let steps = 0;
  while (performance.now() - start < ${SLICE_MS}) {
    for (let k = 0; k < 1000; k += 1) sink = (sink + ((k * k) % 7)) & 0xffff;
    steps += 1000;
  }
  slices.push(steps);
}
// The first slices ran while the loop was still being compiled.
slices.splice(0, ${WARM_UP_MS / SLICE_MS});
console.log(JSON.stringify({ slices, sink }));
`;

async function probe(cpu: number): Promise<number[]> {
  const [command, args] = pinnedTo(String(cpu), process.execPath, ['-e', LOOP]);
  const { stdout } = await run(command, args);
  return (JSON.parse(stdout) as { slices: number[] }).slices;
}

/** Each CPU's loop steps per slice, in the median slice and in the slowest 5% of them. */
export async function machineSpeed(when: string): Promise<Check> {
  const cpus = canPin ? os.availableParallelism() : 1;
  const perCpu = await Promise.all(Array.from({ length: cpus }, (_, cpu) => probe(cpu)));
  const figures = perCpu.map((slices, cpu) => {
    const middle = median(slices);
    const slow = percentile(Float64Array.from(slices).sort(), 0.05);
    const label = canPin ? `CPU ${cpu}` : 'one CPU';
    return (
      `${label} ${(middle / 1e6).toFixed(1)}M steps per ${SLICE_MS} ms ` +
      `(slowest 5% of slices at ${((slow / middle) * 100).toFixed(0)}%)`
    );
  });
  return {
    section: 'Machine',
    name: `arithmetic speed ${when}`,
    figure: figures.join('; '),
    budget: 'figure (compare runs on one machine)',
    pass: true,
    informational: true,
  };
}
