/**
 * `sync.codeSyntax` on the repository's side of the diff (docs/sync.md "Code names in the design
 * file"): the build's names fill the platforms the token files do not set (model/code-names.ts).
 * One exception keeps a designer's edit a change from the service rather than a conflict with a
 * name the repository never wrote: where the service's codeSyntax changed since the lock and the
 * files without the names still match the lock (the first write-back), the files' side is used as
 * it is, so the edit is pulled first and the names follow on the next push.
 */
import { codeNameKey, overlayCodeNames } from '../model/code-names.js';
import { fingerprint, type Lock } from '../model/lock.js';
import { canonicalMeta } from '../model/meta.js';
import type { TokenSet, Variable } from '../model/types.js';
import type { RunState } from './apply-read.js';

export function withCodeNames(run: RunState, base: Lock | undefined): TokenSet {
  const names = run.opts.codeNames;
  if (names === undefined) return run.local;
  const named = overlayCodeNames(run.local, names(run.local));
  const changed = changedOnService(run.remote, base);
  if (changed.size === 0 || named === run.local) return named;
  const variables = named.variables.map((v, i) => {
    const lockMeta = changed.get(codeNameKey(v.collection, v.name));
    if (lockMeta === undefined) return v;
    const files = run.local.variables[i] as Variable;
    return metaFp(v) !== lockMeta.fp && metaFp(files) === lockMeta.fp ? files : v;
  });
  return { ...named, variables };
}

const metaFp = (v: Pick<Variable, 'meta'>): string | undefined => {
  const meta = canonicalMeta(v.meta);
  return meta === '' ? undefined : fingerprint(meta);
};

/** The variables (by collection and name) whose kept fields differ on the service from the lock's, with the lock's fingerprint. */
function changedOnService(remote: TokenSet, base: Lock | undefined): Map<string, { fp: string | undefined }> {
  const out = new Map<string, { fp: string | undefined }>();
  if (base === undefined) return out;
  for (const v of remote.variables) {
    const entry = v.id === undefined ? undefined : base.variables[v.id];
    if (entry === undefined || metaFp(v) === entry.fields.meta) continue;
    out.set(codeNameKey(v.collection, v.name), { fp: entry.fields.meta });
  }
  return out;
}
