/**
 * The token files as git would commit them: the index, not the work tree.
 * A staged change can break a file that is not staged (removing a primitive that another file aliases),
 * and an unstaged fix must not hide staged breakage, so the whole token folder is read from the index.
 *
 * Two git calls whatever the number of files: `ls-files -s -z` lists the staged blobs under the tokens
 * folder, and one `cat-file --batch` streams their contents.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { TokenFileSource } from '../tokens/read/index.js';
import { git, GitError } from './run.js';

export interface StagedTokens extends TokenFileSource {
  /** The repository's top folder (for messages). */
  toplevel: string;
  /** How many files under the tokens folder are staged. */
  count: number;
}

/** `dir` is the absolute tokens folder in the work tree. */
export async function stagedTokenSource(dir: string): Promise<StagedTokens> {
  const start = nearestExisting(dir);
  const top = await git(['rev-parse', '--show-toplevel'], { cwd: start });
  if (top.code !== 0) {
    throw new GitError(
      'GIT_NOT_A_REPOSITORY',
      `--staged reads the git index, but ${start} is not inside a git repository.`,
      {
        hint: 'Run it inside the repository (`git init` starts one), or run `tokensync check` without --staged to check the files as they are.',
      },
    );
  }
  const toplevel = top.stdout.toString('utf8').trim();
  const rel = path.relative(toplevel, realOrSelf(dir)).split(path.sep).join('/');
  const prefix = rel === '' ? '' : `${rel}/`;
  const listed = await git(['ls-files', '-s', '-z', '--', rel === '' ? '.' : rel], { cwd: toplevel });
  if (listed.code !== 0)
    throw new GitError('GIT_FAILED', `git ls-files failed in ${toplevel}: ${listed.stderr.trim()}`, {
      hint: 'Check that the repository is not damaged (`git status`).',
    });

  // "<mode> <sha> <stage>\t<path>" entries; stage > 0 means an unresolved merge.
  const blobs = new Map<string, string>();
  const unmerged = new Set<string>();
  for (const entry of listed.stdout.toString('utf8').split('\0')) {
    const tab = entry.indexOf('\t');
    if (tab < 0) continue;
    const [mode, sha, stage] = entry.slice(0, tab).split(' ');
    const file = entry.slice(tab + 1);
    if (!file.startsWith(prefix) || sha === undefined) continue;
    if (stage !== '0') unmerged.add(file);
    else if (mode !== '160000') blobs.set(file.slice(prefix.length), sha);
  }
  if (unmerged.size > 0) {
    throw new GitError(
      'GIT_UNMERGED',
      `${[...unmerged].sort().join(', ')} ${unmerged.size === 1 ? 'has' : 'have'} an unresolved merge conflict in the index.`,
      {
        hint: 'Resolve the conflict, `git add` the file, then commit.',
      },
    );
  }

  const texts = new Map<string, string>();
  if (blobs.size > 0) {
    const names = [...blobs.keys()];
    const batch = await git(['cat-file', '--batch'], {
      cwd: toplevel,
      input: `${names.map((n) => blobs.get(n)).join('\n')}\n`,
    });
    if (batch.code !== 0)
      throw new GitError('GIT_FAILED', `git cat-file failed in ${toplevel}: ${batch.stderr.trim()}`, {
        hint: 'Check that the repository is not damaged (`git fsck`).',
      });
    // Output per object: "<sha> <type> <size>\n<size bytes>\n".
    const buf = batch.stdout;
    let at = 0;
    for (const name of names) {
      const eol = buf.indexOf(0x0a, at);
      const header = buf.subarray(at, eol).toString('utf8').split(' ');
      const size = Number(header[2]);
      if (header[1] === 'missing' || !Number.isInteger(size))
        throw new GitError('GIT_FAILED', `the index lists ${prefix}${name}, but git cannot read its blob.`, {
          hint: 'Stage the file again (`git add`).',
        });
      texts.set(name, buf.subarray(eol + 1, eol + 1 + size).toString('utf8'));
      at = eol + 1 + size + 1;
    }
  }
  const list = [...texts.keys()].filter((f) => f.endsWith('.tokens.json')).sort();
  return {
    toplevel,
    count: texts.size,
    read: async (relPath) => texts.get(relPath),
    list: async () => list,
  };
}

/** git needs an existing folder to start from; the tokens folder may be absent from the work tree. */
function nearestExisting(dir: string): string {
  let d = dir;
  for (;;) {
    try {
      return realpathSync(d);
    } catch {
      const parent = path.dirname(d);
      if (parent === d) return d;
      d = parent;
    }
  }
}

/** git reports the real path of the top folder; a tokens folder under a symlink must compare alike. */
function realOrSelf(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return path.join(nearestExisting(path.dirname(dir)), path.basename(dir));
  }
}

/**
 * One file as staged (`git cat-file blob :<path>`), or undefined when the index does not hold it
 * (untracked, or outside a repository). `check --staged` reads the config this way, so a staged change
 * to a type rule or to tokens.dir is judged together with the token files it affects.
 */
export async function stagedText(file: string): Promise<string | undefined> {
  const start = nearestExisting(path.dirname(file));
  const top = await git(['rev-parse', '--show-toplevel'], { cwd: start });
  if (top.code !== 0) return undefined;
  const toplevel = top.stdout.toString('utf8').trim();
  const rel = path.relative(toplevel, realOrSelf(file)).split(path.sep).join('/');
  if (rel.startsWith('..')) return undefined;
  const blob = await git(['cat-file', 'blob', `:${rel}`], { cwd: toplevel });
  return blob.code === 0 ? blob.stdout.toString('utf8') : undefined;
}
