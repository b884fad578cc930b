/**
 * The tokensync a run measures. `dist/` is shared by everyone working in this tree and rebuilt
 * whenever anyone runs `npm run build:ts`, so a run copies it once at the start and measures the
 * copy: every figure of one run is then of the same code. A baseline commit is built the same way
 * (its sources from `git archive`, compiled with the project's TypeScript), for before/after figures.
 * Both live under bench/.work/ (git-ignored), inside the project, so `node_modules` resolves.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Copies bin/ and dist/ (as just built) to `dest`; returns `dest`, the folder holding bin/tokensync.js. */
export function snapshotCurrent(root, dest) {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  for (const p of ['bin', 'dist', 'package.json']) cpSync(path.join(root, p), path.join(dest, p), { recursive: true });
  return dest;
}

/** Builds `commit` into `dest` (bin/ and dist/); returns `dest`. Type errors of that commit do not stop the emit. */
export function buildCommit(root, commit, dest) {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const tar = execFileSync(
    'git',
    ['archive', '--format=tar', commit, 'src', 'bin', 'tsconfig.json', 'tsconfig.build.json', 'package.json'],
    {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  execFileSync('tar', ['-x', '-C', dest], { input: tar });
  try {
    execFileSync(
      process.execPath,
      [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(dest, 'tsconfig.build.json')],
      { stdio: 'ignore' },
    );
  } catch {
    // tsc exits non-zero on type errors but still emits (noEmitOnError is off); a missing emit shows as failed rows.
  }
  return dest;
}
