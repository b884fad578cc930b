/** A throw-away project folder whose config points at a running local service. */
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { runCli } from './cli.js';

export interface TestProject {
  root: string;
  env: NodeJS.ProcessEnv;
  /** Every file under tokens/ (relative path -> bytes), for byte-for-byte comparisons. */
  snapshotTokens(): Map<string, string>;
  read(rel: string): string;
  write(rel: string, text: string): void;
}

export function createProject(
  service: { url: string; caFile: string; token: string; fileKey: string; api?: 'dfs' | 'figma' },
  extraConfig = '',
): TestProject {
  const root = mkdtempSync(path.join(tmpdir(), 'tokensync-e2e-'));
  mkdirSync(path.join(root, 'config'));
  writeFileSync(
    path.join(root, 'config', 'tokensync.yaml'),
    // The dialect is written only when it is not the default, so dfs projects keep their exact config.
    `service:\n  url: ${service.url}\n${service.api === 'figma' ? '  api: figma\n' : ''}  fileKey: ${service.fileKey}\n  token: env:DFS_TOKEN\n  caFile: ${service.caFile}\n${extraConfig}`,
  );
  const read = (rel: string): string => readFileSync(path.join(root, rel), 'utf8');
  return {
    root,
    env: { DFS_TOKEN: service.token },
    read,
    write(rel, text) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    },
    snapshotTokens() {
      const out = new Map<string, string>();
      const walk = (dir: string): void => {
        let names: string[];
        try {
          names = readdirSync(path.join(root, dir));
        } catch {
          return;
        }
        for (const name of names.sort()) {
          const rel = path.join(dir, name);
          if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
          else out.set(rel, read(rel));
        }
      };
      walk('tokens');
      return out;
    },
  };
}

/** A project that has just pulled from the service, with the service's request log cleared. */
export async function pulledProject(service: {
  url: string;
  caFile: string;
  token: string;
  fileKey: string;
  api?: 'dfs' | 'figma';
  admin: { clearRequests(): Promise<void> };
}): Promise<TestProject> {
  const project = createProject(service);
  const pulled = await runCli(['pull'], { cwd: project.root, env: project.env });
  expect(pulled.stderr).toBe('');
  expect(pulled.code).toBe(0);
  await service.admin.clearRequests();
  return project;
}
