/**
 * Preloaded (`node --import`) into every measured Node process: on exit it writes the process's peak
 * resident set size (kB, from getrusage via process.resourceUsage) to BENCH_RSS_FILE. This gives the
 * memory of the tool itself, Node start included, without /usr/bin/time (not on every machine).
 * The 'exit' event also fires on process.exit(), which the tokensync CLI calls.
 */
import { writeFileSync } from 'node:fs';

const file = process.env['BENCH_RSS_FILE'];
if (file) {
  process.on('exit', () => {
    try {
      writeFileSync(file, String(process.resourceUsage().maxRSS));
    } catch {
      // The parent reports a missing figure; never change the measured tool's exit code.
    }
  });
}
