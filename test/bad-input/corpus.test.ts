/**
 * The bad-input corpus (README "Reliability"): every case is refused with exit 1, names the file and
 * position (or the key), changes no file, and the service sees no request at all over the corpus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { pulledProject, type TestProject } from '../helpers/project.js';
import { configCases } from './cases-config.js';
import { fsCases } from './cases-fs.js';
import { tokenCases } from './cases-tokens.js';
import { pool, runCase, type BadCase } from './harness.js';

const corpus: BadCase[] = [...fsCases, ...tokenCases, ...configCases];

let emu: TestEmulator;
let template: TestProject;

beforeAll(async () => {
  emu = await startTestEmulator();
  template = await pulledProject(emu);
});

afterAll(async () => {
  await emu?.close();
});

describe(`bad-input corpus (${corpus.length} cases)`, () => {
  it('refuses every case with the file and position or key named, no file changed and no request sent', async () => {
    const failures: string[] = [];
    const results = await pool(corpus, 3, async (c) => ({ c, ...(await runCase(c, template.root, template.env)) }));
    for (const { c, result, before, after, output } of results) {
      const problems: string[] = [];
      if (result.code !== (c.code ?? 1)) problems.push(`exit ${result.code}, expected ${c.code ?? 1}`);
      for (const n of c.names)
        if (typeof n === 'string' ? !output.includes(n) : !n.test(output))
          problems.push(`output does not name ${String(n)}`);
      for (const h of c.hidden ?? []) if (output.includes(h)) problems.push(`output shows the secret ${h}`);
      if (/unexpected failure|\n\s+at /.test(output)) problems.push('output is a crash, not an error');
      const changed = [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k));
      if (changed.length > 0) problems.push(`files changed: ${changed.join(', ')}`);
      if (problems.length > 0) failures.push(`${c.name}: ${problems.join('; ')}\n---\n${output}---`);
    }
    expect(failures).toEqual([]);
    expect(await emu.admin.calls()).toEqual([]);
    // For the README's reliability section.
    console.log(`bad-input corpus: ${corpus.length} cases refused, 0 requests sent, 0 files changed`);
  }, 180_000);
});
