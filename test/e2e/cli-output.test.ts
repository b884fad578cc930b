/**
 * What the CLI prints must arrive whole: `--json` output is read by CI scripts through a pipe, and a
 * plan for thousands of tokens is megabytes long.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.js';
import type { TokenSet } from '../../src/model/types.js';
import { renderTokens } from '../../src/tokens/index.js';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createProject } from '../helpers/project.js';

const emu = useEmulator({ seed: 'empty' });

describe('CLI output through a pipe', () => {
  it('delivers a multi-megabyte --json plan whole, so CI scripts can parse it', async () => {
    const set: TokenSet = {
      collections: [{ name: 'Big', modes: [{ name: 'A' }, { name: 'B' }], defaultMode: 'A' }],
      variables: Array.from({ length: 3000 }, (_, i) => ({
        collection: 'Big',
        name: `group-${Math.floor(i / 100)}/token-${i}`,
        type: 'STRING' as const,
        description: `Token number ${i}, described at some length so the plan is large`,
        scopes: ['ALL_SCOPES'],
        values: { A: `value ${i} in A`, B: `value ${i} in B` },
      })),
    };
    const project = createProject(emu);
    for (const [rel, text] of renderTokens(set, configSchema.parse({}).tokens)) {
      mkdirSync(path.dirname(path.join(project.root, 'tokens', rel)), { recursive: true });
      writeFileSync(path.join(project.root, 'tokens', rel), text);
    }
    const res = await runCli(['--json', 'diff'], { cwd: project.root, env: project.env, process: true });
    expect(res.code).toBe(2);
    expect(res.stdout.length).toBeGreaterThan(1_000_000);
    const out = JSON.parse(res.stdout);
    expect(out.plan.requests.map((r: { method: string }) => r.method)).toEqual(['POST', 'PUT']);
    expect(out.plan.requests[0].body.variables).toHaveLength(3000);
  });
});
