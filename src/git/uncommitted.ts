/**
 * Which files under a folder git does not hold as committed (modified, staged, untracked), for the
 * guard that keeps `--prefer service` from replacing edits nothing else records (docs/sync.md
 * "--prefer"). `undefined` when the folder is not in a git repository or git is missing: then
 * nothing records the edits either.
 */
import path from 'node:path';
import { git } from './run.js';

export async function uncommittedFiles(dir: string): Promise<string[] | undefined> {
  try {
    const top = await git(['rev-parse', '--show-toplevel'], { cwd: dir });
    if (top.code !== 0) return undefined;
    const toplevel = top.stdout.toString('utf8').trim();
    const status = await git(['status', '--porcelain', '-z', '--untracked-files=all', '--', '.'], { cwd: dir });
    if (status.code !== 0) return undefined;
    const entries = status.stdout.toString('utf8').split('\0');
    const files: string[] = [];
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      if (entry.length < 4) continue;
      files.push(path.join(toplevel, entry.slice(3)));
      if (entry[0] === 'R' || entry[0] === 'C') i++; // a rename's or copy's old path follows
    }
    return files;
  } catch {
    return undefined;
  }
}
