/**
 * Preloaded into a volley process by benchmarks/wholeRun.ts (`node --import`): when the process exits it
 * writes to $VOLLEY_BENCH_USAGE its wall time since it started, the CPU time of all its threads and its
 * peak resident memory (worker threads included: they share the process). Nothing when the variable is
 * not set.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.VOLLEY_BENCH_USAGE;
if (file) {
  process.on('exit', () => {
    const cpu = process.cpuUsage();
    const usage = {
      // performance.now() counts from the process's start.
      wallSeconds: performance.now() / 1000,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      maxRssMiB: process.resourceUsage().maxRSS / 1024,
    };
    writeFileSync(file, JSON.stringify(usage));
  });
}
