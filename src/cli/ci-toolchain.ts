/**
 * What the generated workflow installs with (docs/ci.md "The workflow"): the package manager the
 * repository already uses, told by its lock file (or package.json's `packageManager`), and the Node
 * version, from a version file when the repository has one, else a supported LTS.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'yarn-berry';

export interface Toolchain {
  packageManager: PackageManager;
  /** A version file, relative to the repository's top (setup-node's `node-version-file`). */
  nodeVersionFile?: string;
  /** package.json has a `packageManager` field (pnpm's setup action then needs no version). */
  pinned: boolean;
  /** The folder of the lock file (relative to the top, '' for the top): the install runs there. */
  installDir: string;
  /** The lock file, relative to the top (setup-node's `cache-dependency-path`). */
  lockFile: string;
}

export const LOCK_FILES: Record<PackageManager, string> = {
  npm: 'package-lock.json',
  pnpm: 'pnpm-lock.yaml',
  yarn: 'yarn.lock',
  'yarn-berry': 'yarn.lock',
};

/**
 * Node 26 is the active LTS (since October 2026, by Node's release schedule; 24 and 22 are in
 * maintenance, and Node 20 reached its end of life in April 2026).
 */
export const DEFAULT_NODE = '26';

const VERSION_FILES = ['.nvmrc', '.node-version', '.tool-versions'];

/** Looks in the project folder, then in the repository's top folder. */
export function detectToolchain(toplevel: string, project: string): Toolchain {
  const dirs = [...new Set([path.resolve(toplevel, project), path.resolve(toplevel)])];
  const field = packageManagerField(dirs);
  const has = (file: string): boolean => dirs.some((d) => existsSync(path.join(d, file)));
  let packageManager: PackageManager = 'npm';
  if (field?.startsWith('pnpm@') || (!field && has('pnpm-lock.yaml'))) packageManager = 'pnpm';
  else if (field?.startsWith('yarn@') || (!field && has('yarn.lock'))) {
    const classic = field ? field.startsWith('yarn@1.') : !has('.yarnrc.yml');
    packageManager = classic ? 'yarn' : 'yarn-berry';
  }
  const versionFile = dirs
    .flatMap((d) => VERSION_FILES.map((f) => path.join(d, f)))
    .find((f) => existsSync(f) && (!f.endsWith('.tool-versions') || /^nodejs\s/m.test(readFileSync(f, 'utf8'))));
  const rel = (p: string): string => path.relative(toplevel, p).split(path.sep).join('/');
  const lockDir = dirs.find((d) => existsSync(path.join(d, LOCK_FILES[packageManager]))) ?? dirs[0]!;
  return {
    packageManager,
    installDir: rel(lockDir),
    lockFile: rel(path.join(lockDir, LOCK_FILES[packageManager])),
    ...(versionFile ? { nodeVersionFile: rel(versionFile) } : {}),
    pinned: field !== undefined,
  };
}

function packageManagerField(dirs: string[]): string | undefined {
  for (const d of dirs) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(d, 'package.json'), 'utf8')) as { packageManager?: unknown };
      if (typeof pkg.packageManager === 'string') return pkg.packageManager;
    } catch {
      // No package.json here (or not JSON): the lock files decide.
    }
  }
  return undefined;
}
