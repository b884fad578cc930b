/**
 * A `build --watch` rebuild's build and write (docs/architecture.md "Build", "Watch"): the build
 * session (src/codegen/session) splices what an edit touches into the last build's files, and only
 * the files whose content changed are staged and switched (codegen/commit.ts), without reading the
 * others back from the disk. A full rebuild writes as `tokensync build` does, comparing every file
 * with the disk. The session keeps a build only once it is on the disk; a failed write forgets it,
 * so the next rebuild is full.
 */
import type { BuildConfig } from '../../config/schema.js';
import type { TokenSet } from '../../model/types.js';
import { commitBuild, planManifest, recoverBuild } from '../../codegen/commit.js';
import { writeBuild, type BuildOptions, type BuildOutput, type WrittenFiles } from '../../codegen/index.js';
import type { BuildSession, RebuildStats, SessionOutput } from '../../codegen/session/index.js';

export type Written = WrittenFiles & { removed: string[] };

export async function watchedBuild(
  /** `dry`: the session's warm-up (watch-warm.ts): the build is kept as if written, and nothing is written. */
  watching: { codegen: BuildSession; stats?: RebuildStats; dry?: boolean },
  set: TokenSet,
  config: BuildConfig,
  opts: BuildOptions & { outDir: string },
  started: number,
): Promise<{ out: SessionOutput; write: (outDir: string, signal: AbortSignal | undefined) => Promise<Written> }> {
  const read = performance.now();
  const { out, stats, keep } = await watching.codegen.build(set, config, opts);
  const built = performance.now();
  const write = async (outDir: string, signal: AbortSignal | undefined): Promise<Written> => {
    try {
      const written = watching.dry
        ? { written: [], unchanged: [...out.files.keys()], removed: [] }
        : stats.path === 'full'
          ? await writeBuild(outDir, out as BuildOutput, { signal })
          : await writeChanged(outDir, out, stats.changed, signal);
      keep();
      const ms = (a: number, b: number): number => Math.round(b - a);
      watching.stats = {
        ...stats,
        ms: { read: ms(started, read), build: ms(read, built), write: ms(built, performance.now()) },
      };
      return written;
    } catch (err) {
      watching.codegen.forget();
      throw err;
    }
  };
  return { out, write };
}

async function writeChanged(
  outDir: string,
  out: SessionOutput,
  changed: string[],
  signal: AbortSignal | undefined,
): Promise<Written> {
  await recoverBuild(outDir);
  const { stale, manifest } = await planManifest(outDir, out.files);
  const files = new Map(changed.map((f) => [f, out.files.get(f)!]));
  const written = await commitBuild(outDir, files, stale, manifest, { signal, changed: true });
  const done = new Set(written.written);
  return {
    written: written.written,
    unchanged: [...out.files.keys()].filter((f) => !done.has(f)),
    removed: stale,
  };
}
