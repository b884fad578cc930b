/**
 * Several writers on one design file (test/concurrency/): CLI runs at the test service's pace
 * (docs/emulator.md "Time scale"), counted for the figures each suite prints, and the clones they start
 * from. One copy for every schedule file.
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { BRAND } from '../reliability/helpers.js';
import { FAST_CLOCK, runCli, type CliResult } from './cli.js';
import type { TestEmulator } from './emulator.js';
import { createProject, type TestProject } from './project.js';

export interface WriterFigures {
  runs: number;
  actors: number;
}

export interface Writers {
  /** One CLI run in the project, counted. */
  cli(p: TestProject, args: string[]): Promise<CliResult>;
  /** A clone holding the brand set, in step with the service (pushed once), and a second clone pulled from it. */
  twoClones(emu: TestEmulator): Promise<[TestProject, TestProject]>;
  /** Every run after converges: a pull taking the service's side, then nothing left to do. */
  converge(...ps: TestProject[]): Promise<void>;
}

export function writers(figures: WriterFigures): Writers {
  const cli = (p: TestProject, args: string[]): Promise<CliResult> => {
    figures.runs += 1;
    return runCli(args, { cwd: p.root, env: { ...p.env, ...FAST_CLOCK } });
  };
  return {
    cli,
    async twoClones(emu) {
      const a = createProject(emu);
      cpSync(BRAND, path.join(a.root, 'tokens'), { recursive: true });
      expect((await cli(a, ['push'])).code).toBe(0);
      const b = createProject(emu);
      expect((await cli(b, ['pull'])).code).toBe(0);
      figures.actors += 2;
      return [a, b];
    },
    async converge(...ps) {
      for (const p of ps) {
        // --force: the project folder is no git repository, so its files count as uncommitted edits (docs/sync.md "--prefer").
        expect((await cli(p, ['pull', '--prefer', 'service', '--force'])).code).toBe(0);
        const d = await cli(p, ['diff']);
        expect(d.code, d.stdout).toBe(0);
      }
    },
  };
}
