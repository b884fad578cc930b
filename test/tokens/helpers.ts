import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh project folder with the given files under it (paths relative to the project root). */
export async function project(files: Record<string, string> | Map<string, string>, under = ''): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'tokensync-tokens-'));
  for (const [rel, text] of files instanceof Map ? files : Object.entries(files)) {
    const file = path.join(root, under, rel);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return root;
}

/** Compares with a committed golden file; UPDATE_GOLDEN=1 rewrites it. */
export async function expectGolden(actual: string, goldenPath: string): Promise<string> {
  if (process.env['UPDATE_GOLDEN']) {
    await mkdir(path.dirname(goldenPath), { recursive: true });
    await writeFile(goldenPath, actual);
  }
  return readFile(goldenPath, 'utf8');
}
