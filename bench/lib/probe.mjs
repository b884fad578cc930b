/**
 * Preloaded (`node --import`) into every measured Node process: on exit it writes, as JSON to
 * BENCH_RSS_FILE, the process's peak resident set size (`maxRSS`, kB) and the CPU time it used
 * (`cpuUs`, user + system, microseconds), both from getrusage via process.resourceUsage. This gives
 * the memory and CPU of the tool itself, Node start included, without /usr/bin/time (not on every
 * machine). CPU time does not depend on whether a spare core is free, so growth is judged on it.
 * The 'exit' event also fires on process.exit(), which the tokensync CLI calls.
 */
import { writeFileSync } from 'node:fs';

const file = process.env['BENCH_RSS_FILE'];
if (file) {
  process.on('exit', () => {
    try {
      const u = process.resourceUsage();
      writeFileSync(file, JSON.stringify({ maxRSS: u.maxRSS, cpuUs: u.userCPUTime + u.systemCPUTime }));
    } catch {
      // The parent reports a missing figure; never change the measured tool's exit code.
    }
  });
}
