/*
 * Preloaded into a server started by a test (node --import), to measure the server's own event
 * loop: a timer due every millisecond sees how long each turn between its ticks took, in time
 * (wall clock) and in the process's CPU time. On a loaded machine a turn can take long only
 * because the process was waiting for a core; and the process's CPU time counts its other
 * threads too (the garbage collector's helpers), so it can exceed the turn. The lesser of the
 * two bounds what the turn itself cost on the main thread: that is the turn's cost reported.
 * On SIGUSR2 it prints `loop-probe <n> <longest turn ms> <costliest turn ms> <turns over 20 ms>`
 * for what ran since the previous report, and starts over (helpers/child-server.ts reads it).
 */
const LONG_TURN_MS = 20;
let reports = 0;
let longestMs = 0;
let costliestMs = 0;
let longTurns = 0;
let last = performance.now();
let lastCpu = process.cpuUsage();

const tick = setInterval(() => {
  const now = performance.now();
  const cpu = process.cpuUsage();
  const wallMs = now - last;
  const cpuMs = (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000;
  // The timer's own period is not part of a turn.
  if (wallMs - 1 > longestMs) longestMs = wallMs - 1;
  costliestMs = Math.max(costliestMs, Math.min(wallMs - 1, cpuMs));
  if (wallMs - 1 > LONG_TURN_MS) longTurns += 1;
  last = now;
  lastCpu = cpu;
}, 1);
tick.unref();

process.on('SIGUSR2', () => {
  reports += 1;
  process.stderr.write(
    `loop-probe ${reports} ${longestMs.toFixed(1)} ${costliestMs.toFixed(1)} ${longTurns}\n`,
  );
  longestMs = 0;
  costliestMs = 0;
  longTurns = 0;
  last = performance.now();
  lastCpu = process.cpuUsage();
});
